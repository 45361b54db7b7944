//! A fingerprint of any serializable value, without writing it out: the audit compares what
//! two states show a seat at every step of thousands of games, and writing each view as JSON
//! (every coordinate formatted as decimal text) costs more than playing the game. The value is
//! fed to a hasher as serde walks it: every field name, tag, length, number (floats by their
//! bits) and string, so two values fingerprint alike only if they would serialize alike.

use serde::ser::{self, Serialize};
use std::hash::Hasher;

/// The fingerprint of `value` (a 64-bit hash of everything its serialization would hold).
pub fn fingerprint<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut f = Fingerprint(Mix(0));
    // the hasher cannot fail; a value whose Serialize fails fingerprints as what it wrote so far
    let _ = value.serialize(&mut f);
    f.0.finish()
}

/// A fast non-cryptographic mix of 64-bit words (the Fx hash of the Rust compiler): the audit
/// compares a state with its twin, not with an adversary, so speed is what matters.
struct Mix(u64);

impl Mix {
    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes([
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
            ]));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.word(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 56));
    }
    fn write_u8(&mut self, v: u8) {
        self.word(v as u64);
    }
    fn write_u16(&mut self, v: u16) {
        self.word(v as u64);
    }
    fn write_u32(&mut self, v: u32) {
        self.word(v as u64);
    }
    fn write_u64(&mut self, v: u64) {
        self.word(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.word(v as u64);
    }
}

struct Fingerprint(Mix);

/// The one error a fingerprint can meet: a value's own `Serialize` failing.
#[derive(Debug)]
pub struct Failed(String);

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failed {}

impl ser::Error for Failed {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Failed(msg.to_string())
    }
}

impl Fingerprint {
    /// A tag that keeps values of different shapes apart (`Some(0)` from `0`, a unit from `()`).
    fn tag(&mut self, t: u8) {
        self.0.write_u8(t);
    }
    fn variant(&mut self, index: u32) {
        self.0.write_u64(0x7661_7200_0000_0000 | index as u64);
    }
    fn text(&mut self, s: &str) {
        self.0.write_usize(s.len());
        self.0.write(s.as_bytes());
    }
}

macro_rules! ints {
    ($($name:ident: $t:ty => $write:ident),*) => {
        $(fn $name(self, v: $t) -> Result<(), Failed> {
            self.tag(1);
            self.0.$write(v);
            Ok(())
        })*
    };
}

impl<'a> ser::Serializer for &'a mut Fingerprint {
    type Ok = ();
    type Error = Failed;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    ints!(serialize_i8: i8 => write_i8, serialize_i16: i16 => write_i16,
          serialize_i32: i32 => write_i32, serialize_i64: i64 => write_i64,
          serialize_u8: u8 => write_u8, serialize_u16: u16 => write_u16,
          serialize_u32: u32 => write_u32, serialize_u64: u64 => write_u64,
          serialize_i128: i128 => write_i128, serialize_u128: u128 => write_u128);

    fn serialize_bool(self, v: bool) -> Result<(), Failed> {
        self.tag(2);
        self.0.write_u8(v as u8);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Failed> {
        self.serialize_f64(v as f64)
    }
    fn serialize_f64(self, v: f64) -> Result<(), Failed> {
        self.tag(3);
        // -0.0 and 0.0 serialize alike as JSON numbers; so do they here
        self.0.write_u64(if v == 0.0 { 0 } else { v.to_bits() });
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Failed> {
        self.tag(4);
        self.0.write_u32(v as u32);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Failed> {
        self.tag(5);
        self.text(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Failed> {
        self.tag(6);
        self.0.write_usize(v.len());
        self.0.write(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Failed> {
        self.tag(7);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Failed> {
        self.tag(8);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Failed> {
        self.tag(9);
        Ok(())
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<(), Failed> {
        self.tag(10);
        self.text(name);
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
    ) -> Result<(), Failed> {
        self.tag(11);
        self.variant(index);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Failed> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        value: &T,
    ) -> Result<(), Failed> {
        self.tag(12);
        self.variant(index);
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Failed> {
        self.tag(13);
        self.0.write_usize(len.unwrap_or(usize::MAX));
        Ok(self)
    }
    fn serialize_tuple(self, len: usize) -> Result<Self, Failed> {
        self.tag(14);
        self.0.write_usize(len);
        Ok(self)
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Self, Failed> {
        self.serialize_tuple(len)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        len: usize,
    ) -> Result<Self, Failed> {
        self.tag(15);
        self.variant(index);
        self.0.write_usize(len);
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Failed> {
        self.tag(16);
        self.0.write_usize(len.unwrap_or(usize::MAX));
        Ok(self)
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, Failed> {
        self.tag(17);
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self, Failed> {
        self.tag(18);
        self.variant(index);
        Ok(self)
    }
}

macro_rules! compound {
    ($($trait:ident :: $method:ident),*) => {
        $(impl<'a> ser::$trait for &'a mut Fingerprint {
            type Ok = ();
            type Error = Failed;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
                value.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Failed> {
                self.tag(19);
                Ok(())
            }
        })*
    };
}

compound!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl<'a> ser::SerializeMap for &'a mut Fingerprint {
    type Ok = ();
    type Error = Failed;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Failed> {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Failed> {
        self.tag(19);
        Ok(())
    }
}

macro_rules! fields {
    ($($trait:ident),*) => {
        $(impl<'a> ser::$trait for &'a mut Fingerprint {
            type Ok = ();
            type Error = Failed;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _key: &'static str,
                value: &T,
            ) -> Result<(), Failed> {
                // a type's field names are the same in every value of it: the field's place is
                // marked, its name is not hashed
                self.tag(21);
                value.serialize(&mut **self)
            }
            fn skip_field(&mut self, _key: &'static str) -> Result<(), Failed> {
                self.tag(20);
                Ok(())
            }
            fn end(self) -> Result<(), Failed> {
                self.tag(19);
                Ok(())
            }
        })*
    };
}

fields!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct View {
        name: String,
        at: (f64, f64),
        hidden: Option<u8>,
        list: Vec<u32>,
    }

    fn view(name: &str, x: f64, hidden: Option<u8>, list: Vec<u32>) -> View {
        View {
            name: name.into(),
            at: (x, 2.5),
            hidden,
            list,
        }
    }

    #[test]
    fn equal_values_agree_and_any_difference_shows() {
        let a = fingerprint(&view("a", 1.0, None, vec![1, 2]));
        assert_eq!(a, fingerprint(&view("a", 1.0, None, vec![1, 2])));
        for other in [
            view("b", 1.0, None, vec![1, 2]),
            view("a", 1.000_000_1, None, vec![1, 2]),
            view("a", 1.0, Some(0), vec![1, 2]),
            view("a", 1.0, None, vec![1, 2, 0]),
            view("a", 1.0, None, vec![12]),
        ] {
            assert_ne!(a, fingerprint(&other));
        }
        // strings are delimited: ("ab", "c") is not ("a", "bc")
        assert_ne!(fingerprint(&("ab", "c")), fingerprint(&("a", "bc")));
    }
}
