//! Workers shared fairly between client addresses: each address waits in a queue of its own,
//! and a worker that comes free goes to the next address in turn (round robin), so one
//! address's backlog delays another address by at most one piece of its work per worker, never
//! by the whole backlog. A first-come queue (a semaphore) served 300 searches of one address
//! before the next address's one. Work the server owes by itself (a computer's reply recovered
//! from the store at start, or after a COMMIT whose answer was lost) waits in the queue of the
//! address that created its game, so recovered replies take turns as their players' own would.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::oneshot;

/// Whose queue a piece of work waits in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Whose {
    /// The client address that asked for it.
    Address(IpAddr),
    /// A reply the server owes by itself: the game's creator (the hash of its address the store
    /// keeps), so that one address's recovered games share one queue, as they would live.
    Creator(String),
    /// Such a reply in a game with no creator kept (stored by an earlier ryg): the game's own.
    Game(i64),
}

impl From<IpAddr> for Whose {
    fn from(addr: IpAddr) -> Whose {
        Whose::Address(addr)
    }
}

#[derive(Default)]
struct Waiting {
    /// Workers not taken.
    free: usize,
    /// Each waiting queue, first come first.
    queues: HashMap<Whose, VecDeque<oneshot::Sender<Worker>>>,
    /// The queues waiting, in the order they are served.
    turns: VecDeque<Whose>,
}

/// A fixed number of workers, handed out in turns between addresses.
pub struct Fair {
    workers: usize,
    waiting: Mutex<Waiting>,
}

/// A worker taken; it goes to the next address in turn when dropped.
pub struct Worker {
    fair: Option<Arc<Fair>>,
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(fair) = self.fair.take() {
            fair.release();
        }
    }
}

impl Fair {
    /// `workers` workers (at least one).
    pub fn new(workers: usize) -> Arc<Fair> {
        let workers = workers.max(1);
        Arc::new(Fair { workers, waiting: Mutex::new(Waiting { free: workers, ..Waiting::default() }) })
    }

    fn waiting(&self) -> MutexGuard<'_, Waiting> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Workers taken now.
    pub fn busy(&self) -> usize {
        self.workers - self.waiting().free
    }

    /// A worker for `client`, once it is its queue's turn and one is free. Dropping the
    /// future gives up its place (a worker handed to it meanwhile goes on to the next).
    pub async fn take(self: &Arc<Self>, client: impl Into<Whose>) -> Worker {
        let client = client.into();
        let given = {
            let mut guard = self.waiting();
            let w = &mut *guard;
            if w.free > 0 && w.turns.is_empty() {
                w.free -= 1;
                return Worker { fair: Some(Arc::clone(self)) };
            }
            let (tx, rx) = oneshot::channel();
            let queue = w.queues.entry(client.clone()).or_default();
            if queue.is_empty() {
                w.turns.push_back(client);
            }
            queue.push_back(tx);
            rx
        };
        // the sender lives in the queue as long as this Fair does, which `self` holds
        given.await.unwrap_or_else(|_| Worker { fair: None })
    }

    /// A worker came free: to the next address in turn, else back to the free ones.
    fn release(self: Arc<Self>) {
        loop {
            let next = {
                let mut guard = self.waiting();
                let w = &mut *guard;
                let Some(client) = w.turns.pop_front() else {
                    w.free += 1;
                    return;
                };
                let queue = w.queues.get_mut(&client).expect("an address in turn waits");
                let next = queue.pop_front().expect("an address in turn waits");
                if queue.is_empty() {
                    w.queues.remove(&client);
                } else {
                    w.turns.push_back(client);
                }
                next
            };
            match next.send(Worker { fair: Some(Arc::clone(&self)) }) {
                Ok(()) => return,
                // that waiter gave up: the worker goes to the next one in turn
                Err(mut worker) => worker.fair = None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[tokio::test]
    async fn a_second_address_is_served_after_one_piece_of_the_first_ones_backlog() {
        let fair = Fair::new(1);
        let held = fair.take(addr(1)).await;
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        // address 1 queues ten pieces of work, then address 2 one
        for (i, client) in (0..10).map(|i| (i, addr(1))).chain([(99, addr(2))]) {
            let (fair, tx) = (Arc::clone(&fair), tx.clone());
            tasks.push(tokio::spawn(async move {
                let worker = fair.take(client).await;
                tx.send(i).unwrap();
                drop(worker);
            }));
            tokio::task::yield_now().await;
        }
        drop(held);
        for t in tasks {
            t.await.unwrap();
        }
        let mut order = Vec::new();
        while let Ok(i) = rx.try_recv() {
            order.push(i);
        }
        assert_eq!(order.iter().position(|&i| i == 99), Some(1), "served in the order {order:?}");
        assert_eq!(fair.busy(), 0);
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_passes_its_turn_on() {
        let fair = Fair::new(1);
        let held = fair.take(addr(1)).await;
        let f = Arc::clone(&fair);
        let gone = tokio::spawn(async move { drop(f.take(addr(2)).await) });
        tokio::task::yield_now().await;
        gone.abort();
        let _ = gone.await;
        let f = Arc::clone(&fair);
        let next = tokio::spawn(async move { drop(f.take(addr(3)).await) });
        tokio::task::yield_now().await;
        drop(held);
        tokio::time::timeout(std::time::Duration::from_secs(5), next).await.unwrap().unwrap();
        assert_eq!(fair.busy(), 0);
    }
}
