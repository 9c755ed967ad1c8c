pub mod match_runner;
