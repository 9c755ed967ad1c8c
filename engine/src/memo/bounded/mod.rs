//! A bounded evaluation cache: the contract's exact keys and values in a fixed number of slots, with a
//! replacement rule ([`DirectMapped`] or [`FourWayClock`]) deciding which results stay.

mod bounded_cache;
mod clock;
mod direct_mapped;
mod policy;
mod replacement;
mod table;
#[cfg(test)]
mod tests;

pub use bounded_cache::{BoundedCache, ClockCache, DirectMappedCache};
pub use clock::FourWayClock;
pub use direct_mapped::DirectMapped;
pub use policy::BoundedPolicy;
pub use replacement::Replacement;
pub use table::CapacityError;
