//! JSON objects read as maps must not repeat a key: serde's maps keep the last value of a repeated key, which
//! would let a hand-edited file carry two expected values and silently use one. Struct fields need no such
//! check: serde's derive already rejects a repeated field.

use serde::de::{Deserializer, Error, MapAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// `deserialize_with` for a `BTreeMap<String, i64>` field: a repeated key is an error (serde_json adds its line
/// and column).
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, i64>, D::Error> {
    d.deserialize_map(UniqueKeys)
}

struct UniqueKeys;

impl<'de> Visitor<'de> for UniqueKeys {
    type Value = BTreeMap<String, i64>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of integers")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(A::Error::custom(format!("repeated key `{key}`")));
            }
            let value = map.next_value()?;
            out.insert(key, value);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn deserialize_examples() {
        #[derive(serde::Deserialize)]
        struct S {
            #[serde(deserialize_with = "crate::scenario::unique_map::deserialize")]
            m: std::collections::BTreeMap<String, i64>,
        }
        let ok = serde_json::from_str::<S>(r#"{"m": {"a": 1, "b": 2}}"#).unwrap();
        assert_eq!(ok.m.len(), 2);
        let err = serde_json::from_str::<S>(r#"{"m": {"a": 1, "a": 2}}"#)
            .err()
            .unwrap();
        assert_eq!(err.to_string(), "repeated key `a` at line 1 column 18");
    }
}
