//! Estimates with their intervals, a row per edition (a forest plot): a
//! conflict's chances to win, one panel per side; a sweep's, one panel
//! per value.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::palette::Look;
use super::render::Draw;
use super::style::{
    AXIS, FONT, GRID, Swatch, chance_axis, legend_width, markers, percent_tick, short_id,
    side_legend, text, title_size,
};

/// One row of an [`Intervals`] panel: a figure's estimate, its interval
/// and its exact value where known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// The estimate, 0..=1.
    pub value: f64,
    /// Its 95% interval.
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// The exact value, where known.
    pub exact: Option<f64>,
}

impl Point {
    /// Everything drawn of it, in percent.
    fn extent(&self) -> impl Iterator<Item = f64> {
        [
            Some(self.value),
            Some(self.low),
            Some(self.high),
            self.exact,
        ]
        .into_iter()
        .flatten()
        .map(|v| 100.0 * v)
    }
}

/// A panel of an [`Intervals`] chart: one figure (a side's chance to win,
/// the chance at one value of a sweep), a row per edition.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    /// What it shows, above it.
    pub title: String,
    /// Per edition: its id, look and point.
    pub rows: Vec<(String, Look, Point)>,
}

/// Each edition's estimate of a figure, a row each, with its 95%
/// interval as whiskers, the exact value marked where known and written
/// beside it: a panel per figure, stacked.
#[derive(Debug, Clone, PartialEq)]
pub struct Intervals {
    /// The title.
    pub title: String,
    /// The value axis' label.
    pub x_desc: String,
    /// The panels, top to bottom.
    pub panels: Vec<Panel>,
    /// Whether the panels share one axis (a sweep's values, compared
    /// across panels) or each is scaled to its own figures (a conflict's
    /// sides, whose chances lie far apart).
    pub shared_axis: bool,
}

/// Pixels a row of a panel takes, and a panel's title and axis.
const ROW_PX: u32 = 30;
const PANEL_TITLE_PX: u32 = 30;
const AXIS_PX: u32 = 48;

impl Intervals {
    /// A panel's height in pixels.
    fn panel_height(p: &Panel) -> u32 {
        PANEL_TITLE_PX + ROW_PX * p.rows.len().max(1) as u32 + AXIS_PX
    }

    /// A panel's value axis (percent): its own figures, or every
    /// panel's when shared, with room right of the highest for its label.
    fn axis(&self, p: &Panel) -> (f64, f64) {
        let panels: Vec<&Panel> = if self.shared_axis {
            self.panels.iter().collect()
        } else {
            vec![p]
        };
        let (a, b) = chance_axis(
            panels
                .iter()
                .flat_map(|p| p.rows.iter().flat_map(|r| r.2.extent())),
        );
        (a, b + (b - a) * 0.14)
    }

    /// The side legend: what the whisker and the exact mark are.
    fn legend_entries(&self) -> Vec<(Swatch, String)> {
        let grey = RGBColor(110, 110, 110);
        let mut entries = Vec::new();
        let rows = || self.panels.iter().flat_map(|p| &p.rows);
        if rows().any(|r| r.2.exact.is_some()) {
            entries.push((Swatch::Upright(BLACK), "exact value".to_string()));
            entries.push((Swatch::Indent, "(round chain),".to_string()));
            entries.push((Swatch::Indent, "written beside".to_string()));
        }
        if rows().any(|r| r.2.exact.is_none() || r.2.low < r.2.high) {
            entries.push((Swatch::Dash(grey), "estimate,".to_string()));
            entries.push((Swatch::Indent, "95% interval".to_string()));
        }
        entries.push((Swatch::None, String::new()));
        entries.push((Swatch::None, "each panel's axis".to_string()));
        entries.push((
            Swatch::None,
            if self.shared_axis {
                "is the same".to_string()
            } else {
                "is its own".to_string()
            },
        ));
        entries
    }
}

impl Draw for Intervals {
    fn size(&self) -> (u32, u32) {
        let panels: u32 = self.panels.iter().map(Self::panel_height).sum();
        (960, (56 + panels).max(240))
    }

    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        root.fill(&WHITE)?;
        let entries = self.legend_entries();
        let labels: Vec<&str> = entries.iter().map(|e| e.1.as_str()).collect();
        let (w, _) = self.size();
        let body = root
            .margin(10, 0, 0, 0)
            .titled(&self.title, (FONT, title_size(root, &self.title)))?;
        let (main, side) = body.split_horizontally(w - legend_width(root, &labels));
        let names: Vec<&str> = (self.panels.iter())
            .flat_map(|p| p.rows.iter().map(|r| short_id(&r.0)))
            .collect();
        let name_px = names
            .iter()
            .map(|n| root.estimate_text_size(n, &text(15)).map_or(0, |(w, _)| w))
            .max()
            .unwrap_or(0)
            .clamp(60, 240)
            + 20;
        let heights: Vec<u32> = self.panels.iter().map(Self::panel_height).collect();
        let mut rest = main;
        for (k, p) in self.panels.iter().enumerate() {
            let (area, below) = rest.split_vertically(heights[k]);
            rest = below;
            self.draw_panel(&area, p, name_px, k + 1 == self.panels.len())?;
        }
        side_legend(&side, 30, &entries)
    }
}

impl Intervals {
    /// Draws panel `p` on `area`: its title, a row per edition (its name
    /// left, `name_px` wide), its axis below.
    fn draw_panel<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        p: &Panel,
        name_px: u32,
        last: bool,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let n = p.rows.len().max(1);
        let (x0, x1) = self.axis(p);
        let mut chart = ChartBuilder::on(area)
            .margin_left(8)
            .margin_right(16)
            .caption(&p.title, (FONT, 17))
            .x_label_area_size(AXIS_PX - 8)
            .y_label_area_size(name_px)
            .build_cartesian_2d(x0..x1, -0.5..n as f64 - 0.5)?;
        let fmt_x = percent_tick(x1 - x0, false);
        let mut mesh = chart.configure_mesh();
        mesh.disable_y_mesh()
            .light_line_style(WHITE)
            .bold_line_style(GRID)
            .axis_style(AXIS)
            .label_style(text(15))
            .x_label_formatter(&fmt_x)
            .y_labels(0);
        if last {
            mesh.x_desc(&self.x_desc).axis_desc_style(text(17));
        }
        mesh.draw()?;
        // backend_coord is the backend's pixel; the area's own start there.
        let base = area.get_base_pixel();
        for (j, (id, look, point)) in p.rows.iter().enumerate() {
            let y = (n - 1 - j) as f64;
            let (px, py) = chart.backend_coord(&(x0, y));
            area.draw(&Text::new(
                short_id(id).to_string(),
                (px - base.0 - 10, py - base.1),
                text(15).pos(Pos::new(HPos::Right, VPos::Center)),
            ))?;
            draw_row(&mut chart, *look, point, y)?;
        }
        Ok(())
    }
}

/// Draws `p` for an edition drawn as `look` on row `y`: its interval's
/// whisker, its marker at the estimate, the exact value's upright bar
/// where known, and the figure (exact where known) written past it.
fn draw_row<'a, DB: DrawingBackend + 'a>(
    chart: &mut plotters::chart::ChartContext<
        'a,
        DB,
        Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
    >,
    look: Look,
    p: &Point,
    y: f64,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (v, l, h) = (100.0 * p.value, 100.0 * p.low, 100.0 * p.high);
    let whisker = look.color.stroke_width(2);
    chart.draw_series([
        PathElement::new(vec![(l, y), (h, y)], whisker),
        PathElement::new(vec![(l, y - 0.18), (l, y + 0.18)], whisker),
        PathElement::new(vec![(h, y - 0.18), (h, y + 0.18)], whisker),
    ])?;
    markers(chart, &[(v, y)], look, 6)?;
    let mut end = h;
    let shown = match p.exact {
        Some(e) => {
            let e = 100.0 * e;
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(e, y - 0.36), (e, y + 0.36)],
                BLACK.stroke_width(3),
            )))?;
            end = end.max(e);
            e
        }
        None => v,
    };
    chart.draw_series(std::iter::once(
        EmptyElement::at((end, y))
            + Text::new(
                format!("{:.2}%", shown + 0.0),
                (10, 0),
                text(14).pos(Pos::new(HPos::Left, VPos::Center)),
            ),
    ))?;
    Ok(())
}
