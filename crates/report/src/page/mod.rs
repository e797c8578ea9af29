//! The page stage: `index.html`, one self-contained page (charts inline
//! as SVG). What it shows ([`Page`]) is built from the computed results
//! and the charts drawn; [`render`] renders it with minijinja.

mod build;
mod cells;
mod changes;
mod view;

pub(crate) use build::page;
pub use cells::{estimates, favoured, format, rows};
pub use view::{
    ActionCell, ActionView, Cell, ChangesView, ChartView, DataLink, DotsRow, DotsView, EditionView,
    Entry, FigureRow, Page, Row, RuleView, SectionEdition, SectionView, SettingRow, SummaryCell,
    SummaryRow, VerdictRow, render,
};
