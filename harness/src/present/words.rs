//! Lists in sentences.

/// `a`, `a and b`, `a, b and c`: the items joined as a sentence reads them.
pub(crate) fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let head: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", head.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn and_list_examples() {
        use crate::present::words::and_list;
        assert_eq!(and_list(&["none"]), "none");
        assert_eq!(and_list(&["none", "optimized"]), "none and optimized");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(and_list::<&str>(&[]), "");
    }
}
