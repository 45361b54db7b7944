/// A shape or a table layout that cannot be built: the field at fault and why, on one line,
/// e.g. `terrain[3].points: a polygon needs at least 3 points`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A value that breaks a rule of shapes or layouts.
    #[error("{field}: {reason}")]
    Field {
        /// Where the value is, as a path: `width`, `terrain[2].points[1]`, `effects.woods.screen`.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Text that is not TOML of the layout's shape (toml's own message, folded onto one line).
    #[error("not a table layout: {0}")]
    Toml(String),
}

impl TableError {
    /// An error about `field`.
    pub fn field(field: impl Into<String>, reason: impl Into<String>) -> Self {
        TableError::Field {
            field: field.into(),
            reason: reason.into(),
        }
    }

    /// The same error seen from one level up: `points` becomes `terrain[3].points` with prefix
    /// `terrain[3]`, so a shape's own check names the whole path once it is inside a file.
    pub fn within(self, prefix: &str) -> Self {
        match self {
            TableError::Field { field, reason } if field.is_empty() => TableError::Field {
                field: prefix.into(),
                reason,
            },
            TableError::Field { field, reason } if field.starts_with('[') => TableError::Field {
                field: format!("{prefix}{field}"),
                reason,
            },
            TableError::Field { field, reason } => TableError::Field {
                field: format!("{prefix}.{field}"),
                reason,
            },
            other => other,
        }
    }
}

/// Refuses NaN and infinities: `field` names the value.
pub(crate) fn finite(value: f64, field: &str) -> Result<f64, TableError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(TableError::field(
            field,
            format!("{value} is not a finite number of inches"),
        ))
    }
}

/// Refuses anything but a finite number above zero.
pub(crate) fn positive(value: f64, field: &str) -> Result<f64, TableError> {
    if finite(value, field)? > 0.0 {
        Ok(value)
    } else {
        Err(TableError::field(
            field,
            format!("must be above 0 inches, not {value}"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_builds_the_path_of_the_field() {
        let e = TableError::field("points", "a polygon needs at least 3 points");
        assert_eq!(
            e.within("terrain[3]").to_string(),
            "terrain[3].points: a polygon needs at least 3 points"
        );
        let e = TableError::field("[1]", "x is not finite")
            .within("points")
            .within("terrain[0]");
        assert_eq!(e.to_string(), "terrain[0].points[1]: x is not finite");
        assert_eq!(
            TableError::field("", "bad").within("width").to_string(),
            "width: bad"
        );
    }

    #[test]
    fn numbers_from_data_must_be_finite_and_positive_where_asked() {
        assert!(finite(f64::NAN, "x")
            .unwrap_err()
            .to_string()
            .starts_with("x: NaN is not a finite"));
        assert!(finite(f64::INFINITY, "x").is_err());
        assert_eq!(finite(-3.0, "x"), Ok(-3.0));
        assert_eq!(
            positive(0.0, "depth").unwrap_err().to_string(),
            "depth: must be above 0 inches, not 0"
        );
        assert!(positive(f64::NEG_INFINITY, "depth").is_err());
        assert_eq!(positive(2.5, "depth"), Ok(2.5));
    }
}
