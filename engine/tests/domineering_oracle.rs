//! Every row of the oracle table in docs/catalogue-experiment.md §1: canonical value, left and right stop, mean.

use engine::domineering::{Board, Catalogue, Dyadic, ShapeKey, Solver};

/// (position, canonical value, LS, RS, mean) exactly as the oracle table lists them.
const ORACLE: &[(&str, &str, &str, &str, &str)] = &[
    (".", "0", "0", "0", "0"),
    ("..", "-1", "-1", "-1", "-1"),
    (".|.", "1", "1", "1", "1"),
    ("...", "-1", "-1", "-1", "-1"),
    ("....", "-2", "-2", "-2", "-2"),
    (".....", "-2", "-2", "-2", "-2"),
    ("......", "-3", "-3", "-3", "-3"),
    ("........", "-4", "-4", "-4", "-4"),
    ("..|.#", "*", "0", "0", "0"),
    ("..|#.", "*", "0", "0", "0"),
    (".#|..", "*", "0", "0", "0"),
    ("#.|..", "*", "0", "0", "0"),
    ("..|..", "{1|-1}", "1", "-1", "0"),
    ("...|.##", "-1/2", "-1/2", "-1/2", "-1/2"),
    ("..|.#|.#", "1/2", "1/2", "1/2", "1/2"),
    ("...|#.#", "*", "0", "0", "0"),
    (".#|..|.#", "*", "0", "0", "0"),
    ("..#|#..", "{0|-1}", "0", "-1", "-1/2"),
    (".#|..|#.", "{1|0}", "1", "0", "1/2"),
    ("...|...", "{2|-1/2}", "2", "-1/2", "3/4"),
    ("..|..|..", "{1/2|-2}", "1/2", "-2", "-3/4"),
    ("....|....", "{{2|0}|0}", "0", "0", "0"),
    ("..|..|..|..", "{0|{0|-2}}", "0", "0", "0"),
    (".##|.##|...", "0", "0", "0", "0"),
    ("..#|..#|...", "{1/2|-2}", "1/2", "-2", "-3/4"),
    ("...|...|..#", "{3/2|-3/2}", "3/2", "-3/2", "0"),
    ("#.#|..#|#..|#.#", "^", "0", "0", "0"),
    ("...|...|...", "{1|-1}", "1", "-1", "0"),
    (".#.#|.#..", "1*", "1", "1", "1"),
    ("#...|....|....|....", "{1*|-1*}", "1", "-1", "0"),
];

fn d(text: &str) -> Dyadic {
    text.parse().unwrap()
}

#[test]
fn every_oracle_row_from_the_solver() {
    let mut solver = Solver::new();
    for &(position, value, ls, rs, mean) in ORACLE {
        let board: Board = position.parse().unwrap();
        let g = solver.board_value(&board);
        let arena = solver.arena();
        assert_eq!(arena.display(g).to_string(), value, "value of {position}");
        assert_eq!(arena.left_stop(g), d(ls), "LS of {position}");
        assert_eq!(arena.right_stop(g), d(rs), "RS of {position}");
        assert_eq!(
            (arena.left_stop(g) + arena.right_stop(g)).half(),
            d(mean),
            "mean of {position}"
        );
    }
}

#[test]
fn oracle_rows_of_one_region_up_to_eight_cells_match_the_catalogue() {
    let catalogue = Catalogue::build();
    let mut checked = 0;
    for &(position, value, ls, rs, mean) in ORACLE {
        let board: Board = position.parse().unwrap();
        let regions = board.regions();
        if regions.len() != 1 || regions[0].cells() > 8 {
            continue;
        }
        let key = ShapeKey::of(&regions[0]);
        let entry = catalogue
            .get(&key)
            .unwrap_or_else(|| panic!("{position} missing"));
        assert_eq!(entry.canonical, value, "value of {position}");
        assert_eq!((entry.ls, entry.rs), (d(ls), d(rs)), "stops of {position}");
        assert_eq!(entry.mean_stop(), d(mean), "mean of {position}");
        assert_eq!(entry.cells, regions[0].cells());
        checked += 1;
    }
    // Rows above 8 cells (3x3, the 15-cell board) and the two-region row are checked by the solver test only.
    assert_eq!(checked, ORACLE.len() - 3);
}

#[test]
fn the_two_region_row_is_the_sum_of_its_regions() {
    let board: Board = ".#.#|.#..".parse().unwrap();
    let regions = board.regions();
    assert_eq!(regions.len(), 2);
    let mut solver = Solver::new();
    let parts: Vec<_> = regions.iter().map(|r| solver.region_value(r)).collect();
    let arena = solver.arena();
    let shown: Vec<String> = parts
        .iter()
        .map(|&g| arena.display(g).to_string())
        .collect();
    assert_eq!(shown, ["1", "*"]);
    let whole = solver.board_value(&board);
    let sum = solver.arena_mut().sum(parts[0], parts[1]);
    assert_eq!(whole, sum);
}

/// (position, mean, temperature) from the same table (numbers report -1/2^k, infinitesimals 0).
const THERMAL: &[(&str, &str, &str)] = &[
    (".", "0", "-1"),
    ("..", "-1", "-1"),
    (".|.", "1", "-1"),
    ("........", "-4", "-1"),
    ("..|.#", "0", "0"),
    ("..|..", "0", "1"),
    ("...|.##", "-1/2", "-1/2"),
    ("..|.#|.#", "1/2", "-1/2"),
    ("...|#.#", "0", "0"),
    (".#|..|.#", "0", "0"),
    ("..#|#..", "-1/2", "1/2"),
    (".#|..|#.", "1/2", "1/2"),
    ("...|...", "3/4", "5/4"),
    ("..|..|..", "-3/4", "5/4"),
    ("....|....", "0", "0"),
    ("..|..|..|..", "0", "0"),
    (".##|.##|...", "0", "-1"),
    ("..#|..#|...", "-3/4", "5/4"),
    ("...|...|..#", "0", "3/2"),
    ("#.#|..#|#..|#.#", "0", "0"),
    ("...|...|...", "0", "1"),
    (".#.#|.#..", "1", "0"),
    ("#...|....|....|....", "0", "1"),
];

#[test]
fn oracle_means_and_temperatures_from_thermographs() {
    let mut solver = Solver::new();
    for &(position, mean, temperature) in THERMAL {
        let g = solver.board_value(&position.parse().unwrap());
        let th = solver.arena().thermograph(g);
        assert_eq!(th.mean, d(mean), "mean of {position}");
        assert_eq!(th.temperature, d(temperature), "temperature of {position}");
        assert_eq!(
            th.left.at(Dyadic::ZERO),
            solver.arena().left_stop(g),
            "LW(0) of {position}"
        );
        assert_eq!(
            th.right.at(Dyadic::ZERO),
            solver.arena().right_stop(g),
            "RW(0) of {position}"
        );
    }
}
