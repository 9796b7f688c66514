//! The reached set of the frontier searches: how boards pack into node keys, and the set of
//! keys reached so far (a bitmap of permutation ranks for 3×3 boards, an open-addressing hash
//! table up to 4×4 and for 5×5), with each state's node index when A* needs it.

use crate::board::{Tiles, SLOTS};
use std::collections::TryReserveError;

/// How boards pack into node keys, cell 0 in the lowest bits: 4 bits a cell up to 4×4, so
/// that the key fits in 64 bits and is worked on as a `u64` (shifting a `u128` by a variable
/// amount is a branchy sequence), and 5 bits a cell for 5×5 (125 bits).
#[derive(Clone, Copy, Debug)]
pub(super) struct Packing {
    narrow: bool,
}

impl Packing {
    pub(super) fn for_cells(cells: usize) -> Packing {
        Packing {
            narrow: cells <= 16,
        }
    }

    fn bits(self) -> usize {
        if self.narrow {
            4
        } else {
            5
        }
    }

    pub(super) fn key_of(self, tiles: &[u8]) -> u128 {
        let bits = self.bits();
        tiles
            .iter()
            .enumerate()
            .fold(0, |k, (i, &t)| k | u128::from(t) << (bits * i))
    }

    /// The tile on `cell`.
    #[inline(always)]
    pub(super) fn cell(self, key: u128, cell: usize) -> u8 {
        if self.narrow {
            (key as u64 >> (4 * cell)) as u8 & 15
        } else {
            (key >> (5 * cell)) as u8 & 31
        }
    }

    /// The key after `tile` slides from `from` into the blank on `to` (the blank packs to 0).
    #[inline(always)]
    pub(super) fn slide(self, key: u128, tile: u8, from: usize, to: usize) -> u128 {
        if self.narrow {
            let t = u64::from(tile);
            u128::from(key as u64 ^ t << (4 * from) ^ t << (4 * to))
        } else {
            let t = u128::from(tile);
            key ^ t << (5 * from) ^ t << (5 * to)
        }
    }

    /// The board's tiles and, in `positions`, each tile's cell.
    #[inline(always)]
    pub(super) fn unpack(self, key: u128, cells: usize, tiles: &mut Tiles, positions: &mut Tiles) {
        if self.narrow {
            let mut k = key as u64;
            for (cell, t) in tiles.iter_mut().enumerate().take(cells) {
                *t = k as u8 & 15;
                positions[*t as usize] = cell as u8;
                k >>= 4;
            }
        } else {
            let mut k = key;
            for (cell, t) in tiles.iter_mut().enumerate().take(cells) {
                *t = k as u8 & 31;
                positions[*t as usize] = cell as u8;
                k >>= 5;
            }
        }
    }

    pub(super) fn tiles_of(self, key: u128, cells: usize) -> Tiles {
        let (mut tiles, mut positions): (Tiles, Tiles) = ([0; SLOTS], [0; SLOTS]);
        self.unpack(key, cells, &mut tiles, &mut positions);
        tiles
    }
}

/// Multipliers for [`Slot::spread`] and [`Table::home`] (odd, with well-mixed bits).
const K1: u64 = 0x9e37_79b9_7f4a_7c15;
const K2: u64 = 0xff51_afd7_ed55_8ccd;

/// A node key as a hash-table slot holds it; 0, which no board packs to, marks an empty slot.
pub(super) trait Slot: Copy + Eq + Default {
    /// The slot form of a node key.
    fn of(key: u128) -> Self;
    /// 64 bits that tell keys apart, for [`Table::home`].
    fn spread(self) -> u64;
}

impl Slot for u64 {
    #[inline(always)]
    fn of(key: u128) -> u64 {
        key as u64
    }
    #[inline(always)]
    fn spread(self) -> u64 {
        self
    }
}

impl Slot for u128 {
    #[inline(always)]
    fn of(key: u128) -> u128 {
        key
    }
    #[inline(always)]
    fn spread(self) -> u64 {
        self as u64 ^ ((self >> 64) as u64).wrapping_mul(K1)
    }
}

/// Slots a hash table starts with: small, since the wasm build runs in browsers.
const FIRST_SLOTS: usize = 64;

/// A hash set of keys, with each key's node index when `indexed`: open addressing with linear
/// probing over plain arrays. 8-byte slots for 15-puzzle keys instead of the 32 of a
/// `HashMap<u128, u32>` entry; a large search is bound by that memory, not by hashing.
#[derive(Clone, Debug)]
pub(super) struct Table<K> {
    /// A power-of-two number of slots, at most 3/4 of them used.
    keys: Vec<K>,
    /// The node index of each slot's key; empty unless `indexed`.
    values: Vec<u32>,
    indexed: bool,
    len: usize,
    /// 64 − log2(slots): [`Table::home`] takes the hash's top bits.
    shift: u32,
}

impl<K: Slot> Table<K> {
    fn new(indexed: bool) -> Self {
        Table {
            keys: vec![K::default(); FIRST_SLOTS],
            values: if indexed {
                vec![0; FIRST_SLOTS]
            } else {
                Vec::new()
            },
            indexed,
            len: 0,
            shift: 64 - FIRST_SLOTS.trailing_zeros(),
        }
    }

    /// Where probing for `key` starts: the top bits of a multiplicative hash.
    #[inline(always)]
    fn home(&self, key: K) -> usize {
        let x = key.spread();
        ((x ^ x >> 29).wrapping_mul(K2) >> self.shift) as usize
    }

    /// `Ok(slot)` holding `key`, or `Err(slot)`: the empty slot where it would go.
    #[inline(always)]
    fn find(&self, key: K) -> Result<usize, usize> {
        let mask = self.keys.len() - 1;
        let mut i = self.home(key);
        loop {
            let k = self.keys[i & mask];
            if k == key {
                return Ok(i & mask);
            }
            if k == K::default() {
                return Err(i & mask);
            }
            i += 1;
        }
    }

    /// Puts `key` (absent) in `slot` from [`Table::find`], first doubling the table when the
    /// key would fill more than 3/4 of it; when memory for that runs out, the table is left as
    /// it was, without `key`.
    #[inline(always)]
    fn insert(&mut self, mut slot: usize, key: K, value: u32) -> Result<(), TryReserveError> {
        if (self.len + 1) * 4 > self.keys.len() * 3 {
            self.grow()?;
            let (Ok(s) | Err(s)) = self.find(key);
            slot = s;
        }
        self.keys[slot] = key;
        if self.indexed {
            self.values[slot] = value;
        }
        self.len += 1;
        Ok(())
    }

    #[cold]
    fn grow(&mut self) -> Result<(), TryReserveError> {
        let slots = self.keys.len() * 2;
        let mut new_keys = Vec::new();
        new_keys.try_reserve_exact(slots)?;
        let mut new_values = Vec::new();
        if self.indexed {
            new_values.try_reserve_exact(slots)?;
            new_values.resize(slots, 0);
        }
        new_keys.resize(slots, K::default());
        let keys = std::mem::replace(&mut self.keys, new_keys);
        let values = std::mem::replace(&mut self.values, new_values);
        self.shift -= 1;
        for (i, &key) in keys.iter().enumerate() {
            if key != K::default() {
                let (Ok(slot) | Err(slot)) = self.find(key);
                self.keys[slot] = key;
                if self.indexed {
                    self.values[slot] = values[i];
                }
            }
        }
        Ok(())
    }

    fn clear(&mut self) {
        self.keys.fill(K::default());
        self.len = 0;
    }
}

/// 9!: the permutations of a 3×3 board.
const PERMUTATIONS_9: usize = 362_880;

/// Bits set in each 9-bit mask.
const ONES_9: [u8; 512] = {
    let mut ones = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        ones[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    ones
};

/// The rank of a 3×3 board's key (4 bits a cell) among the 9! permutations: its Lehmer code,
/// each digit (the tiles after a cell smaller than its own) weighted by a factorial.
#[inline(always)]
fn rank_9(key: u64) -> usize {
    const WEIGHTS: [usize; 8] = [40320, 5040, 720, 120, 24, 6, 2, 1];
    let mut seen = 0usize;
    let mut rank = 0;
    for (cell, weight) in WEIGHTS.into_iter().enumerate() {
        let t = (key >> (4 * cell)) as usize & 15;
        // Smaller tiles not seen yet are the smaller ones after this cell.
        let smaller_after = t - ONES_9[seen & ((1 << t) - 1) & 511] as usize;
        rank += smaller_after * weight;
        seen |= 1 << t;
    }
    rank
}

/// Reached states, and for A* the node with the cheapest path to each.
#[derive(Clone, Debug)]
pub(super) enum Reached {
    /// 3×3 without node indices: one bit per permutation (45 KB, no hashing, no probing, and
    /// small enough to stay in the cache).
    Dense { bits: Vec<u64>, len: usize },
    /// Keys that fit in 64 bits (up to 4×4).
    Narrow(Table<u64>),
    /// 5×5 keys.
    Wide(Table<u128>),
}

impl Reached {
    /// For boards of `cells` cells; `indexed` keeps each state's node index (A* needs it).
    pub(super) fn new(cells: usize, indexed: bool) -> Reached {
        let packing = Packing::for_cells(cells);
        if cells == 9 && !indexed {
            Reached::Dense {
                bits: vec![0; PERMUTATIONS_9.div_ceil(64)],
                len: 0,
            }
        } else if packing.narrow {
            Reached::Narrow(Table::new(indexed))
        } else {
            Reached::Wide(Table::new(indexed))
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Reached::Dense { len, .. } => *len,
            Reached::Narrow(t) => t.len,
            Reached::Wide(t) => t.len,
        }
    }

    /// `Ok(slot)` when `key` was reached, else `Err(slot)` for [`Reached::insert`].
    #[inline(always)]
    pub(super) fn find(&self, key: u128) -> Result<usize, usize> {
        match self {
            Reached::Dense { bits, .. } => {
                let rank = rank_9(key as u64);
                if bits[rank / 64] >> (rank % 64) & 1 != 0 {
                    Ok(rank)
                } else {
                    Err(rank)
                }
            }
            Reached::Narrow(t) => t.find(u64::of(key)),
            Reached::Wide(t) => t.find(u128::of(key)),
        }
    }

    /// Marks `key`, not reached yet, in `slot` from [`Reached::find`], with its node `index`;
    /// fails, leaving the set as it was, when memory to grow it runs out.
    #[inline(always)]
    pub(super) fn insert(
        &mut self,
        slot: usize,
        key: u128,
        index: u32,
    ) -> Result<(), TryReserveError> {
        match self {
            Reached::Dense { bits, len } => {
                bits[slot / 64] |= 1 << (slot % 64);
                *len += 1;
                Ok(())
            }
            Reached::Narrow(t) => t.insert(slot, u64::of(key), index),
            Reached::Wide(t) => t.insert(slot, u128::of(key), index),
        }
    }

    /// The node index in `slot` (of an indexed set).
    pub(super) fn index(&self, slot: usize) -> u32 {
        match self {
            Reached::Dense { .. } => unreachable!("a dense set keeps no indices"),
            Reached::Narrow(t) => t.values[slot],
            Reached::Wide(t) => t.values[slot],
        }
    }

    /// Points `slot` (of an indexed set) at node `index`.
    pub(super) fn set_index(&mut self, slot: usize, index: u32) {
        match self {
            Reached::Dense { .. } => unreachable!("a dense set keeps no indices"),
            Reached::Narrow(t) => t.values[slot] = index,
            Reached::Wide(t) => t.values[slot] = index,
        }
    }

    pub(super) fn clear(&mut self) {
        match self {
            Reached::Dense { bits, len } => {
                bits.fill(0);
                *len = 0;
            }
            Reached::Narrow(t) => t.clear(),
            Reached::Wide(t) => t.clear(),
        }
    }
}
