//! Which challenges the bot accepts (`--accept`): by board size, rated or casual, or none;
//! without a rule, every one. A challenge is accepted with `POST /api/challenges/{id}/accept`
//! and declined with `…/decline`.

use serde_json::Value;

use super::api::Api;
use super::log;

/// One `--accept` rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Only these board sizes.
    Sizes(Vec<u8>),
    Rated,
    Casual,
    None,
}

impl std::str::FromStr for Rule {
    type Err = String;

    fn from_str(text: &str) -> Result<Rule, String> {
        match text.trim() {
            "rated" => Ok(Rule::Rated),
            "casual" => Ok(Rule::Casual),
            "none" => Ok(Rule::None),
            other => {
                let list = other
                    .strip_prefix("size=")
                    .ok_or_else(|| format!("'{other}': expected size=N[,N…], rated, casual or none"))?;
                let sizes: Result<Vec<u8>, String> = list
                    .split(',')
                    .map(|n| {
                        n.trim()
                            .parse::<ryg_wide::Size>()
                            .map(|s| s.n())
                            .map_err(|e| format!("size '{n}': {e}"))
                    })
                    .collect();
                Ok(Rule::Sizes(sizes?))
            }
        }
    }
}

/// Whether `rules` accept `challenge` (`{"size": 8, "rated": true, …}`).
pub fn accepts(rules: &[Rule], challenge: &Value) -> bool {
    let size = challenge["size"].as_u64();
    let rated = challenge["rated"] == true;
    let sized = rules.iter().filter_map(|r| if let Rule::Sizes(s) = r { Some(s) } else { None });
    let sizes: Vec<u8> = sized.flatten().copied().collect();
    let (want_rated, want_casual) = (rules.contains(&Rule::Rated), rules.contains(&Rule::Casual));
    !rules.contains(&Rule::None)
        && (sizes.is_empty() || size.is_some_and(|n| sizes.iter().any(|&s| u64::from(s) == n)))
        && (want_rated == want_casual || (want_rated && rated) || (want_casual && !rated))
}

/// Accepts or declines `challenge`.
pub fn answer(api: &Api, rules: &[Rule], challenge: &Value) {
    let Some(id) = challenge["id"].as_str() else { return };
    let accept = accepts(rules, challenge);
    let verb = if accept { "accepted" } else { "declined" };
    match api.answer_challenge(id, accept) {
        Ok(a) if (200..300).contains(&a.status) => log(&format!("challenge {id}: {verb}")),
        Ok(a) => log(&format!("challenge {id}: could not be {verb} ({}): {}", a.status, a.body)),
        Err(e) => log(&format!("challenge {id}: {e:#}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rules_parse_and_filter_challenges() {
        let rules: Vec<Rule> = ["size=6,8", "rated"].iter().map(|r| r.parse().unwrap()).collect();
        assert_eq!(rules[0], Rule::Sizes(vec![6, 8]));
        assert!(accepts(&rules, &json!({"size": 8, "rated": true})));
        assert!(!accepts(&rules, &json!({"size": 8, "rated": false})), "casual");
        assert!(!accepts(&rules, &json!({"size": 10, "rated": true})), "another size");
        assert!(accepts(&[], &json!({"size": 10})), "no rule: every challenge");
        assert!(!accepts(&[Rule::None], &json!({"size": 8})));
        assert!(accepts(&[Rule::Rated, Rule::Casual], &json!({"size": 4, "rated": false})));
        assert!("size=7".parse::<Rule>().is_err() && "often".parse::<Rule>().is_err());
    }
}
