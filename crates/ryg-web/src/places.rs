//! Places counted per client address, per address block and in all (open connections, event
//! streams). A client's address is what one host holds ([`key`]): an IPv4 address, or an IPv6
//! prefix (by default a /64: a host is given a whole /64 and may use any address in it; an
//! operator whose clients hold more, a /56 or a /48, says so with `--ipv6-prefix`); a block is
//! what one network usually holds — an IPv4 /24, the IPv6 prefix of a client — so that one
//! machine with many addresses cannot take every place through many small shares.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};

/// The IPv6 prefix that counts as one client by default: a /64, what a host is given
/// (RFC 7421), and what a home's router gives each network it serves.
pub const IPV6_CLIENT_PREFIX: u8 = 64;

/// The first `prefix` bits of `v6` (at most 128), the rest zero.
fn v6_prefix(v6: Ipv6Addr, prefix: u8) -> IpAddr {
    let bits = u32::from(prefix.min(128));
    let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
    IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
}

/// The address the limits per client count `ip` under: an IPv4 address as it is, an
/// IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, a dual-stack listener's IPv4 client) as its
/// IPv4 address, and any other IPv6 address as its first `prefix` bits (a /64 by default) —
/// one host, which may pick a new address in its prefix for every request (privacy
/// extensions), so that limits per address would not hold it otherwise.
pub fn key(ip: IpAddr, prefix: u8) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => v6_prefix(v6, prefix),
        },
    }
}

/// The block an address belongs to: its IPv4 /24, or its IPv6 client prefix (an IPv4-mapped
/// IPv6 address counts as its IPv4 address).
pub fn block(ip: IpAddr, prefix: u8) -> IpAddr {
    match key(ip, prefix) {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            IpAddr::from([a, b, c, 0])
        }
        v6 => v6,
    }
}

/// How many places there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capacity {
    pub per_address: usize,
    pub per_block: usize,
    pub total: usize,
    /// The IPv6 prefix of one client ([`key`]).
    pub ipv6_prefix: u8,
}

/// Which limit a refused place met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    Address(usize),
    Block(usize),
    Total(usize),
}

#[derive(Default)]
struct Counts {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
    per_block: HashMap<IpAddr, usize>,
}

/// The counts of places taken.
pub struct Places {
    capacity: Capacity,
    counts: Mutex<Counts>,
}

/// A place taken, given back when dropped.
pub struct Place {
    places: Arc<Places>,
    address: IpAddr,
    block: IpAddr,
}

fn decrement(map: &mut HashMap<IpAddr, usize>, key: IpAddr) {
    if let Some(n) = map.get_mut(&key) {
        *n -= 1;
        if *n == 0 {
            map.remove(&key);
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.places.counts();
        counts.total -= 1;
        decrement(&mut counts.per_address, self.address);
        decrement(&mut counts.per_block, self.block);
    }
}

impl Places {
    pub fn new(capacity: Capacity) -> Arc<Places> {
        Arc::new(Places { capacity, counts: Mutex::default() })
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a place for `address` (counted under its [`key`]), unless its address, its block
    /// or the whole is full.
    ///
    /// # Errors
    /// The limit that was met.
    pub fn take(self: &Arc<Places>, address: IpAddr) -> Result<Place, Full> {
        let c = self.capacity;
        let (address, block) = (key(address, c.ipv6_prefix), block(address, c.ipv6_prefix));
        let mut counts = self.counts();
        if counts.per_address.get(&address).is_some_and(|&n| n >= c.per_address) {
            return Err(Full::Address(c.per_address));
        }
        if counts.per_block.get(&block).is_some_and(|&n| n >= c.per_block) {
            return Err(Full::Block(c.per_block));
        }
        if counts.total >= c.total {
            return Err(Full::Total(counts.total));
        }
        counts.total += 1;
        *counts.per_address.entry(address).or_default() += 1;
        *counts.per_block.entry(block).or_default() += 1;
        Ok(Place { places: Arc::clone(self), address, block })
    }

    /// The block `address` is counted in.
    pub fn block_of(&self, address: IpAddr) -> IpAddr {
        block(address, self.capacity.ipv6_prefix)
    }

    /// Places taken, in all.
    pub fn taken(&self) -> usize {
        self.counts().total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn blocks_are_v4_slash_24_and_the_v6_client_prefix() {
        assert_eq!(block(ip("203.0.113.77"), 64), ip("203.0.113.0"));
        assert_eq!(block(ip("2001:db8:1:2:3:4:5:6"), 64), ip("2001:db8:1:2::"));
        assert_eq!(block(ip("2001:db8:1:2:3:4:5:6"), 48), ip("2001:db8:1::"));
        assert_eq!(block(ip("::ffff:203.0.113.77"), 64), ip("203.0.113.0"));
    }

    #[test]
    fn an_ipv6_host_is_its_prefix_and_an_ipv4_mapped_address_its_ipv4_address() {
        assert_eq!(key(ip("203.0.113.77"), 64), ip("203.0.113.77"));
        assert_eq!(key(ip("::ffff:203.0.113.77"), 64), ip("203.0.113.77"));
        assert_eq!(key(ip("2001:db8:1:2:3:4:5:6"), 64), ip("2001:db8:1:2::"));
        assert_eq!(key(ip("2001:db8:1:2:ffff:ffff:ffff:1"), 64), key(ip("2001:db8:1:2::9"), 64));
        assert_ne!(key(ip("2001:db8:1:2::1"), 64), key(ip("2001:db8:1:3::1"), 64));
        assert_eq!(key(ip("::1"), 64), ip("::"));
        // an operator's prefix: a /56 or a /48 is one client, any prefix length
        assert_eq!(key(ip("2001:db8:1:2ff::1"), 56), ip("2001:db8:1:200::"));
        assert_eq!(key(ip("2001:db8:1:ffff::1"), 48), ip("2001:db8:1::"));
        assert_eq!(key(ip("2001:db8:1:2:3:4:5:6"), 60), ip("2001:db8:1::"));
        assert_eq!(key(ip("2001:db8::7"), 128), ip("2001:db8::7"));
        assert_eq!(key(ip("2001:db8::7"), 0), ip("::"));
    }

    #[test]
    fn the_addresses_of_one_ipv6_prefix_share_one_allowance_of_places() {
        for (prefix, same, next) in
            [(64, "2001:db8::ffff:2", "2001:db8:0:1::1"), (48, "2001:db8:0:ff::2", "2001:db8:1::1")]
        {
            let places =
                Places::new(Capacity { per_address: 2, per_block: 100, total: 100, ipv6_prefix: prefix });
            let _a = places.take(ip("2001:db8::1")).unwrap();
            let _b = places.take(ip(same)).unwrap();
            assert_eq!(
                places.take(ip("2001:db8::3")).err(),
                Some(Full::Address(2)),
                "a third address of the /{prefix}"
            );
            assert!(places.take(ip(next)).is_ok(), "the next /{prefix} is another client");
        }
        let places = Places::new(Capacity { per_address: 2, per_block: 100, total: 100, ipv6_prefix: 64 });
        let _c = places.take(ip("::ffff:192.0.2.1")).unwrap();
        let _d = places.take(ip("192.0.2.1")).unwrap();
        assert_eq!(
            places.take(ip("192.0.2.1")).err(),
            Some(Full::Address(2)),
            "mapped and plain IPv4 are one"
        );
    }

    #[test]
    fn an_address_a_block_and_the_whole_each_have_a_limit() {
        let places = Places::new(Capacity { per_address: 2, per_block: 3, total: 4, ipv6_prefix: 64 });
        let a1 = places.take(ip("10.0.0.1")).unwrap();
        let _a2 = places.take(ip("10.0.0.1")).unwrap();
        assert_eq!(places.take(ip("10.0.0.1")).err(), Some(Full::Address(2)));
        let _b = places.take(ip("10.0.0.2")).unwrap();
        // a third address of the same block: the block is full
        assert_eq!(places.take(ip("10.0.0.3")).err(), Some(Full::Block(3)));
        let _c = places.take(ip("10.0.1.1")).unwrap();
        assert_eq!(places.take(ip("10.0.2.1")).err(), Some(Full::Total(4)));
        drop(a1);
        assert_eq!(places.taken(), 3);
        assert!(places.take(ip("10.0.0.3")).is_ok(), "a place given back is free again");
    }
}
