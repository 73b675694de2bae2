//! The clocks' alarms: at most one pending timer per game, replaced when its clock changes and
//! cancelled when the game ends, so that timers never pile up (a timer per move, each living
//! until its flag time — up to three hours — held memory for games long over).

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::task::AbortHandle;

/// One pending timer per game id, each tagged with the game's version it was set for.
#[derive(Default)]
pub struct Alarms {
    pending: Mutex<HashMap<i64, (i64, AbortHandle)>>,
}

impl Alarms {
    fn pending(&self) -> std::sync::MutexGuard<'_, HashMap<i64, (i64, AbortHandle)>> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `ring` after `wait` unless game `id` gets another alarm or is [`cleared`] first;
    /// replaces the game's pending alarm. Outside a Tokio runtime it does nothing.
    ///
    /// [`cleared`]: Alarms::clear
    pub fn set<F>(self: &Arc<Self>, id: i64, version: i64, wait: Duration, ring: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let mut pending = self.pending();
        if pending.get(&id).is_some_and(|&(v, _)| v > version) {
            // A newer change of the game set its alarm already.
            return;
        }
        let alarms = Arc::clone(self);
        let task = runtime.spawn(async move {
            tokio::time::sleep(wait).await;
            alarms.forget(id, version);
            ring.await;
        });
        if let Some((_, old)) = pending.insert(id, (version, task.abort_handle())) {
            old.abort();
        }
    }

    /// Cancels game `id`'s pending alarm, if any (its game ended or its clock stopped).
    pub fn clear(&self, id: i64) {
        if let Some((_, old)) = self.pending().remove(&id) {
            old.abort();
        }
    }

    /// Drops the entry of the alarm set for `version`, when it rings.
    fn forget(&self, id: i64, version: i64) {
        let mut pending = self.pending();
        if pending.get(&id).is_some_and(|&(v, _)| v == version) {
            pending.remove(&id);
        }
    }

    /// How many alarms are pending.
    pub fn len(&self) -> usize {
        self.pending().len()
    }

    /// Whether no alarm is pending.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;

    fn counter() -> (Arc<AtomicU32>, impl Fn() -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>>) {
        let rung = Arc::new(AtomicU32::new(0));
        let r = Arc::clone(&rung);
        (rung, move || {
            let r = Arc::clone(&r);
            Box::pin(async move {
                r.fetch_add(1, Ordering::SeqCst);
            })
        })
    }

    #[tokio::test(start_paused = true)]
    async fn a_new_alarm_replaces_the_games_pending_one() {
        let alarms = Arc::new(Alarms::default());
        let (rung, ring) = counter();
        for version in 1..=1000 {
            alarms.set(7, version, Duration::from_secs(3600), ring());
        }
        assert_eq!(alarms.len(), 1);
        tokio::time::sleep(Duration::from_secs(3601)).await;
        assert_eq!((rung.load(Ordering::SeqCst), alarms.len()), (1, 0));
    }

    #[tokio::test(start_paused = true)]
    async fn an_older_change_does_not_replace_a_newer_alarm() {
        let alarms = Arc::new(Alarms::default());
        let (rung, ring) = counter();
        alarms.set(7, 5, Duration::from_secs(10), ring());
        alarms.set(7, 4, Duration::from_secs(1), ring());
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert_eq!((rung.load(Ordering::SeqCst), alarms.len()), (0, 1));
        tokio::time::sleep(Duration::from_secs(10)).await;
        assert_eq!((rung.load(Ordering::SeqCst), alarms.len()), (1, 0));
    }

    #[tokio::test(start_paused = true)]
    async fn a_cleared_alarm_never_rings_and_is_freed() {
        let alarms = Arc::new(Alarms::default());
        let (rung, ring) = counter();
        alarms.set(1, 1, Duration::from_secs(60), ring());
        alarms.set(2, 1, Duration::from_secs(60), ring());
        alarms.clear(1);
        assert_eq!(alarms.len(), 1);
        tokio::time::sleep(Duration::from_secs(61)).await;
        assert_eq!((rung.load(Ordering::SeqCst), alarms.len()), (1, 0));
    }

    #[test]
    fn outside_a_runtime_nothing_is_set() {
        let alarms = Arc::new(Alarms::default());
        alarms.set(1, 1, Duration::from_secs(1), async {});
        assert!(alarms.is_empty());
    }
}
