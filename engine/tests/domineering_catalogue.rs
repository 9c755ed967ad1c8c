//! Whole-catalogue properties: sizes, symmetry, stops, canonical forms and the catalogue facts of docs/catalogue-experiment.md §1.

use engine::domineering::{
    Board, Catalogue, Dyadic, Placement, Player, ShapeKey, connected_shapes,
};
use std::collections::{BTreeMap, HashSet};
use std::sync::OnceLock;

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(Catalogue::build)
}

#[test]
fn per_size_counts_are_those_of_the_klein_classes() {
    let mut per_size: BTreeMap<u32, usize> = BTreeMap::new();
    for entry in catalogue() {
        *per_size.entry(entry.cells).or_default() += 1;
        assert_eq!(entry.cells, entry.key.cells());
    }
    let counts: Vec<usize> = per_size.values().copied().collect();
    assert_eq!(counts, [1, 2, 3, 9, 21, 68, 208, 730]);
    assert_eq!(catalogue().len(), 1042);
}

#[test]
fn order_is_by_size_then_key_and_every_key_is_found() {
    let keys: Vec<ShapeKey> = catalogue().iter().map(|e| e.key).collect();
    let mut sorted = keys.clone();
    sorted.sort_by_key(|k| (k.cells(), *k));
    assert_eq!(keys, sorted);
    assert_eq!(keys, connected_shapes(8));
    for (i, key) in keys.into_iter().enumerate() {
        assert_eq!(catalogue().get(&key).unwrap().key, key);
        assert_eq!(catalogue().index_of(&key), Some(i));
        assert_eq!(catalogue().entries()[i].key, key);
    }
    let nine_cells: ShapeKey = "...|...|...".parse().unwrap();
    assert!(catalogue().get(&nine_cells).is_none() && catalogue().index_of(&nine_cells).is_none());
}

#[test]
fn shape_strings_round_trip_and_mirrors_share_a_key() {
    for entry in catalogue() {
        let shown = entry.key.to_string();
        assert_eq!(shown.parse::<ShapeKey>().unwrap(), entry.key, "{shown}");
        let rows: Vec<&str> = shown.split('|').collect();
        let flipped_rows: Vec<String> = rows.iter().map(|r| r.chars().rev().collect()).collect();
        let upside_down: Vec<&str> = rows.iter().rev().copied().collect();
        assert_eq!(
            flipped_rows.join("|").parse::<ShapeKey>().unwrap(),
            entry.key
        );
        assert_eq!(
            upside_down.join("|").parse::<ShapeKey>().unwrap(),
            entry.key
        );
        assert_eq!(entry.key.height() as usize, rows.len());
        assert_eq!(entry.key.width() as usize, rows[0].len());
    }
}

#[test]
fn transposing_a_shape_negates_its_value() {
    let cat = catalogue();
    let mut arena = cat.games().clone();
    for entry in cat {
        let transposed = cat
            .get(&entry.key.transpose())
            .expect("transpose is in the catalogue");
        assert_eq!(transposed.ls, -entry.rs, "{}", entry.key);
        assert_eq!(transposed.rs, -entry.ls, "{}", entry.key);
        assert_eq!(transposed.mean_stop(), -entry.mean_stop(), "{}", entry.key);
        assert_eq!(arena.neg(entry.game), transposed.game, "{}", entry.key);
    }
}

#[test]
fn left_stop_is_never_below_right_stop() {
    for entry in catalogue() {
        assert!(
            entry.ls >= entry.rs,
            "{}: {} < {}",
            entry.key,
            entry.ls,
            entry.rs
        );
    }
}

#[test]
fn canonical_forms_are_idempotent() {
    let cat = catalogue();
    let mut arena = cat.games().clone();
    for entry in cat {
        let left = arena.left_options(entry.game).to_vec();
        let right = arena.right_options(entry.game).to_vec();
        assert_eq!(arena.game(&left, &right), entry.game, "{}", entry.key);
        // Options of a canonical form are canonical forms themselves, so rebuilding them changes nothing either.
        for o in left.iter().chain(&right) {
            let (l, r) = (
                arena.left_options(*o).to_vec(),
                arena.right_options(*o).to_vec(),
            );
            assert_eq!(arena.game(&l, &r), *o);
        }
    }
}

#[test]
fn a_value_minus_itself_is_zero() {
    let cat = catalogue();
    let mut arena = cat.games().clone();
    let zero = arena.zero();
    for entry in cat.iter().filter(|e| e.cells <= 7) {
        assert_eq!(arena.sub(entry.game, entry.game), zero, "{}", entry.key);
    }
}

#[test]
fn the_catalogue_facts_hold() {
    let cat = catalogue();
    let distinct: HashSet<_> = cat.iter().map(|e| e.game).collect();
    assert_eq!(distinct.len(), 128, "distinct canonical values");
    let distinct_shown: HashSet<_> = cat.iter().map(|e| e.canonical.as_str()).collect();
    assert_eq!(distinct_shown.len(), 128, "distinct notations");
    let numbers = cat
        .iter()
        .filter(|e| cat.games().as_number(e.game).is_some())
        .count();
    assert_eq!(numbers, 315, "numbers");
    assert_eq!(cat.iter().filter(|e| e.ls == e.rs).count(), 492, "LS = RS");
    let first_up = cat.iter().find(|e| e.canonical == "^").expect("^ occurs");
    assert_eq!(first_up.cells, 6);
}

#[test]
fn board_placements_follow_the_conventions() {
    let board = Board::empty(3, 4).unwrap();
    let left = board.placements(Player::Left);
    let right = board.placements(Player::Right);
    assert_eq!((left.len(), right.len()), (2 * 4, 3 * 3));
    assert!(
        left.windows(2)
            .all(|w| w[0].mask().trailing_zeros() < w[1].mask().trailing_zeros())
    );
    for p in &left {
        assert_eq!(
            p.mask() >> p.mask().trailing_zeros(),
            1 | 1 << 8,
            "Left is vertical"
        );
    }
    for p in &right {
        assert_eq!(
            p.mask() >> p.mask().trailing_zeros(),
            0b11,
            "Right is horizontal"
        );
        assert!(p.col() < 3, "no wrap across rows");
    }
    let after = board.play(Placement::new(Player::Right, 1, 1).unwrap());
    assert_eq!(after.to_string(), "....|.##.|....");
    assert_eq!(after.regions().len(), 1);
    let split = after.play(Placement::new(Player::Left, 0, 0).unwrap());
    assert_eq!(split.to_string(), "#...|###.|....");
    assert_eq!(split.regions().len(), 1);
    let split = split.play(Placement::new(Player::Left, 1, 3).unwrap());
    assert_eq!(split.to_string(), "#...|####|...#");
    let sizes: Vec<u32> = split.regions().iter().map(|r| r.cells()).collect();
    assert_eq!(sizes, [3, 3]);
    assert!(Board::empty(0, 3).is_err() && Board::empty(9, 1).is_err());
    assert!(Placement::new(Player::Left, 7, 0).is_none());
}

#[test]
fn bad_strings_get_clear_errors() {
    let err = "..|.".parse::<ShapeKey>().unwrap_err().to_string();
    assert!(err.contains("row 2 has 1 columns"), "{err}");
    let err = "..|.x".parse::<Board>().unwrap_err().to_string();
    assert!(err.contains("row 2, column 2"), "{err}");
    assert!(
        ".#."
            .parse::<ShapeKey>()
            .unwrap_err()
            .to_string()
            .contains("not 4-connected")
    );
    assert!("##".parse::<ShapeKey>().is_err());
    assert!(".........".parse::<Board>().is_err());
    assert!("1/3".parse::<Dyadic>().is_err());
    assert_eq!(
        ShapeKey::from_bits(0).cells(),
        0,
        "the empty set has a key and no panic"
    );
    assert_eq!("-3/4".parse::<Dyadic>().unwrap(), Dyadic::new(-3, 2));
}

#[test]
fn the_hottest_shapes_have_temperature_three_halves() {
    let cat = catalogue();
    let temperatures: Vec<Dyadic> = cat
        .iter()
        .map(|e| cat.games().temperature(e.game))
        .collect();
    let hottest = *temperatures.iter().max().unwrap();
    assert_eq!(hottest, Dyadic::new(3, 1));
    assert_eq!(temperatures.iter().filter(|&&t| t == hottest).count(), 8);
    for (entry, t) in cat.iter().zip(&temperatures) {
        let th = cat.games().thermograph(entry.game);
        assert_eq!(
            (th.left.at(Dyadic::ZERO), th.right.at(Dyadic::ZERO)),
            (entry.ls, entry.rs)
        );
        assert!(entry.rs <= th.mean && th.mean <= entry.ls, "{}", entry.key);
        // Numbers are the games with negative temperature.
        assert_eq!(
            *t < Dyadic::ZERO,
            cat.games().as_number(entry.game).is_some(),
            "{}",
            entry.key
        );
    }
}
