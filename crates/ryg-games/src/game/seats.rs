//! Who may act on a game: the seats a request's token holds, checked per action; and the
//! players' display names.

use ryg_wide::{PlayerSpec, Side, Size};

use super::error::GameError;
use super::service::Games;
use crate::clock::index;
use crate::store::{Holder, StoredGame};

/// The longest display name, in characters.
pub const MAX_NAME: usize = 32;

/// The seats the token hash `token` holds in `g`.
///
/// # Errors
/// [`GameError::NotAPlayer`] when it holds none; `action` says what was asked.
pub fn require_holder(
    g: &StoredGame,
    token: Option<&str>,
    action: &'static str,
) -> Result<Holder, GameError> {
    g.holder(token).ok_or(GameError::NotAPlayer { action, id: g.id, token_sent: token.is_some() })
}

/// The seats `token` holds in `g`, which must include `side`.
///
/// # Errors
/// [`GameError::NotAPlayer`] or [`GameError::WrongSeat`].
pub fn require_side(
    g: &StoredGame,
    token: Option<&str>,
    side: Side,
    action: &'static str,
) -> Result<Holder, GameError> {
    let you = require_holder(g, token, action)?;
    if you.holds(side) {
        Ok(you)
    } else {
        Err(GameError::WrongSeat { action, side, you })
    }
}

/// A display name checked: trimmed, at most [`MAX_NAME`] characters, no control characters and
/// no [`blank`](crate::invisible::blank) ones (invisible, or showing as a blank); empty means
/// none.
///
/// # Errors
/// [`GameError::NameTooLong`], [`GameError::NameControl`].
pub fn display_name(text: Option<&str>) -> Result<Option<String>, GameError> {
    let Some(name) = text.map(str::trim) else { return Ok(None) };
    if name.chars().count() > MAX_NAME {
        return Err(GameError::NameTooLong { max: MAX_NAME });
    }
    if name.chars().any(|c| c.is_control() || crate::invisible::blank(c)) {
        return Err(GameError::NameControl);
    }
    Ok(Some(name.to_string()).filter(|n| !n.is_empty()))
}

impl Games<'_> {
    /// Names a seat of `g`: `side` (by its name) or the one seat the token holds.
    ///
    /// # Errors
    /// A bad name or side, or a token without that seat.
    pub fn name(
        &self,
        g: &mut StoredGame,
        token: Option<&str>,
        name: &str,
        side: Option<&str>,
        now: i64,
    ) -> Result<Holder, GameError> {
        let you = require_holder(g, token, "naming a seat")?;
        let name = display_name(Some(name))?;
        let side = match (you, side) {
            (_, Some(text)) => {
                let side: Side =
                    text.parse().map_err(|e: ryg_wide::SideError| GameError::Invalid(e.to_string()))?;
                require_side(g, token, side, "naming this seat")?;
                side
            }
            (Holder::Seat(side), None) => side,
            (Holder::Both, None) => return Err(GameError::WhichSeat),
        };
        g.names[index(side)] = name;
        self.commit(g, now)?;
        Ok(you)
    }
}

impl Games<'_> {
    /// Whether the computer can play at `level` on a board of `size` (see [`level_fits`]).
    pub(super) fn level_fits(&self, level: PlayerSpec, size: Size) -> Result<(), GameError> {
        level_fits(level, size, self.exact_on(size))?;
        let unbuilt = ryg_wide::narrow::size(size).is_some() && self.knows_exact() && !self.exact_on(size);
        if level.only_with_tablebase() && unbuilt {
            return Err(GameError::Invalid(format!(
                "level {level} plays from the tablebase, and this server builds none on {size} \
                 (ryg serve --no-table-builds): choose 1 to 9 or random"
            )));
        }
        Ok(())
    }
}

/// Whether the computer can play at `level` on a board of `size`: the levels that read the
/// tablebase (`perfect`, `err:F`) play on boards up to 10×10, and beyond where `on_disk` (the
/// server reads that size's table from files).
///
/// # Errors
/// [`GameError::Invalid`] saying which levels play on that board.
pub fn level_fits(level: PlayerSpec, size: Size, on_disk: bool) -> Result<(), GameError> {
    if level.only_with_tablebase() && ryg_wide::narrow::size(size).is_none() && !on_disk {
        return Err(GameError::Invalid(format!(
            "level {level} plays from the tablebase, built for boards up to 10x10 (12x12 once `ryg solve --size 12` has built it): on {size} choose 1 to 9 or random"
        )));
    }
    Ok(())
}
