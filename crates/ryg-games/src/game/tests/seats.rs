//! Seats and levels: who holds a seat (and may name a game by its number), the level the
//! computer plays, the tablebase's levels where the server builds no table, and the players'
//! names in a game's record.

use super::*;

#[test]
fn the_computer_holds_a_seat_unless_both_are_people() {
    assert!(!new_game("human", "human").has_computer());
    assert!(new_game("human", "3").has_computer());
    assert!(new_game("2", "human").has_computer());
    assert!(NewGame::default().has_computer(), "the cats' seat is the computer's unless given");
    assert!(!new_game("human", "11").has_computer(), "a seat that cannot be read holds none");
}

#[test]
fn the_computers_seat_plays_at_its_own_level() {
    let store = MemoryStore::default();
    service!(store, _seen, games);
    let created = games.create(&new_game("human", "3"), 0).unwrap();
    let mouse = hash(&created, Side::Mouse);
    let mut g = created.game.clone();
    games.play(&mut g, Some(&mouse), "e1f2", 1_000).unwrap();
    let level: ryg_wide::PlayerSpec = "3".parse().unwrap();
    for asked in [None, Some("3")] {
        assert_eq!(games.computer_request(&g, Some(&mouse), asked).unwrap().1, level, "{asked:?}");
    }
    let err = games.computer_request(&g, Some(&mouse), Some("5")).unwrap_err().to_string();
    assert!(err.ends_with("leave out \"level\""), "{err}");
}

#[test]
fn a_games_record_names_its_players() {
    let store = MemoryStore::default();
    service!(store, _seen, games);
    let named =
        NewGame { names: Some(Names { mouse: Some("Ana".into()), cats: None }), ..new_game("human", "3") };
    let r = record(&games.create(&named, 0).unwrap().game).unwrap();
    let level: ryg_wide::PlayerSpec = "3".parse().unwrap();
    assert_eq!((r.tag("Mouse"), r.tag("Cats")), (Some("Ana"), Some(level.record_name().as_str())));
    let r = record(&games.create(&new_game("human", "human"), 0).unwrap().game).unwrap();
    assert_eq!((r.tag("Mouse"), r.tag("Cats")), (Some("Human"), Some("Human")));
}

#[test]
fn the_tablebase_levels_play_unless_the_server_builds_no_table() {
    let store = MemoryStore::default();
    service!(store, _seen, games);
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let mouse = hash(&created, Side::Mouse);
    let ask = |games: &Games| games.computer_request(&created.game, Some(&mouse), Some("perfect"));
    let perfect: ryg_wide::PlayerSpec = "perfect".parse().unwrap();
    // a service not told where exact results are: every board up to 10×10 has them
    assert_eq!(ask(&games).unwrap().1, perfect);
    let (everywhere, nowhere) = (|_: ryg_wide::Size| true, |_: ryg_wide::Size| false);
    assert_eq!(ask(&Games::new(&store, &|_| {}).with_exact(&everywhere)).unwrap().1, perfect);
    let err = ask(&Games::new(&store, &|_| {}).with_exact(&nowhere)).unwrap_err().to_string();
    assert!(err.contains("(ryg serve --no-table-builds)"), "{err}");
}

#[test]
fn a_games_number_names_it_for_its_seats_only() {
    let store = MemoryStore::default();
    service!(store, _seen, games);
    let created = games.create(&new_game("human", "human"), 0).unwrap();
    let g = &created.game;
    let number = g.id.to_string();
    for side in [Side::Mouse, Side::Cats] {
        assert_eq!(games.resolve(&number, Some(&hash(&created, side))).unwrap(), g.id, "{side:?}");
    }
    for token in [None, Some("0".repeat(64).as_str())] {
        let err = games.resolve(&number, token).unwrap_err();
        assert!(matches!(err, GameError::NoSuchGame(_)), "{token:?}: {err:?}");
    }
    assert_eq!(games.resolve(&g.public_id, None).unwrap(), g.id, "the public id names it for anyone");
}
