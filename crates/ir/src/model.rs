//! The one view of a solver's model that decoders read: truth values (and integers) by name.

use std::collections::HashMap;

use crate::sat_answer::Assignment;
use crate::sexp::SmtValue;

/// Values by the names encodings gave their variables.
pub trait Model {
    fn bool(&self, name: &str) -> Option<bool>;
    fn int(&self, name: &str) -> Option<i64>;
}

/// A borrowed model is a model (so `&dyn Model` reaches generic decoders).
impl<M: Model + ?Sized> Model for &M {
    fn bool(&self, name: &str) -> Option<bool> {
        (**self).bool(name)
    }

    fn int(&self, name: &str) -> Option<i64> {
        (**self).int(name)
    }
}

/// A SAT assignment seen through the variable names of the CNF it answers.
pub struct CnfModel {
    names: HashMap<String, u32>,
    assignment: Assignment,
}

impl CnfModel {
    pub fn new(names: &[(u32, String)], assignment: Assignment) -> CnfModel {
        CnfModel { names: names.iter().map(|(v, n)| (n.clone(), *v)).collect(), assignment }
    }

    /// The value of a literal, for drivers that hold the literals themselves (no name
    /// lookup per read).
    pub fn lit(&self, lit: crate::Lit) -> Option<bool> {
        self.assignment.lit(lit)
    }
}

impl Model for CnfModel {
    fn bool(&self, name: &str) -> Option<bool> {
        self.assignment.lit(*self.names.get(name)? as i32)
    }

    fn int(&self, _name: &str) -> Option<i64> {
        None
    }
}

/// Values parsed from an SMT solver (or read from the linked z3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SmtModel {
    pub values: HashMap<String, SmtValue>,
}

impl Model for SmtModel {
    fn bool(&self, name: &str) -> Option<bool> {
        match self.values.get(name)? {
            SmtValue::Bool(b) => Some(*b),
            SmtValue::Int(_) => None,
        }
    }

    fn int(&self, name: &str) -> Option<i64> {
        match self.values.get(name)? {
            SmtValue::Int(i) => Some(*i),
            SmtValue::Bool(_) => None,
        }
    }
}
