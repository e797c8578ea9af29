//! Colours: one colour-blind-safe palette (Okabe and Ito's), one fixed
//! colour and marker per edition on every chart, and viridis for heatmaps.

use plotters::style::RGBColor;

/// Okabe and Ito's eight colours, safe for the common colour-vision
/// deficiencies: black, orange, sky blue, bluish green, yellow, blue,
/// vermillion, reddish purple.
pub const OKABE_ITO: [RGBColor; 8] = [
    RGBColor(0x00, 0x00, 0x00),
    RGBColor(0xE6, 0x9F, 0x00),
    RGBColor(0x56, 0xB4, 0xE9),
    RGBColor(0x00, 0x9E, 0x73),
    RGBColor(0xF0, 0xE4, 0x42),
    RGBColor(0x00, 0x72, 0xB2),
    RGBColor(0xD5, 0x5E, 0x00),
    RGBColor(0xCC, 0x79, 0xA7),
];

/// The built-in editions' colours: revised blue, fta vermillion, uwod
/// bluish green, hubris reddish purple.
const BUILT_IN: [(&str, usize); 4] = [("revised", 5), ("fta", 6), ("uwod", 3), ("hubris", 7)];

/// Colours left for house rules, in the order they appear in a report
/// (yellow last: it is faint on white).
const OTHERS: [usize; 4] = [1, 2, 0, 4];

/// How an edition is drawn: its colour and marker.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// Its colour.
    pub color: RGBColor,
    /// Its marker.
    pub marker: Marker,
}

/// A point's shape, so that lines lying on one another stay apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    /// A filled circle.
    Circle,
    /// A filled triangle.
    Triangle,
    /// A filled square.
    Square,
    /// A cross.
    Cross,
}

const MARKERS: [Marker; 4] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Cross,
];

/// The colours of a report's editions: the built-in ones fixed, house
/// rules in the order given.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    others: Vec<String>,
}

impl Palette {
    /// A palette for `editions` (ids), in the order they appear.
    pub fn new<'a>(editions: impl IntoIterator<Item = &'a str>) -> Palette {
        let mut others: Vec<String> = Vec::new();
        for id in editions {
            if !BUILT_IN.iter().any(|(b, _)| *b == id) && !others.iter().any(|o| o == id) {
                others.push(id.to_string());
            }
        }
        Palette { others }
    }

    /// The look of edition `id`.
    pub fn look(&self, id: &str) -> Look {
        if let Some(i) = BUILT_IN.iter().position(|(b, _)| *b == id) {
            return Look {
                color: OKABE_ITO[BUILT_IN[i].1],
                marker: MARKERS[i],
            };
        }
        let k = self.others.iter().position(|o| o == id).unwrap_or(0);
        Look {
            color: OKABE_ITO[OTHERS[k % OTHERS.len()]],
            marker: MARKERS[k % MARKERS.len()],
        }
    }

    /// Edition `id`'s colour as CSS (`#0072b2`).
    pub fn css(&self, id: &str) -> String {
        let RGBColor(r, g, b) = self.look(id).color;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// Viridis (perceptually uniform, colour-blind safe): `t` in 0..=1.
pub fn viridis(t: f64) -> RGBColor {
    // Eleven stops of matplotlib's viridis, linearly interpolated.
    const STOPS: [(u8, u8, u8); 11] = [
        (68, 1, 84),
        (72, 36, 117),
        (65, 68, 135),
        (53, 95, 141),
        (42, 120, 142),
        (33, 145, 140),
        (34, 168, 132),
        (68, 191, 112),
        (122, 209, 81),
        (189, 223, 38),
        (253, 231, 37),
    ];
    blend(&STOPS, t)
}

/// A diverging scale for changes, `t` in -1..=1: ColorBrewer's RdBu
/// (colour-blind safe), red for less, white at 0, blue for more.
pub fn diverging(t: f64) -> RGBColor {
    const STOPS: [(u8, u8, u8); 11] = [
        (103, 0, 31),
        (178, 24, 43),
        (214, 96, 77),
        (244, 165, 130),
        (253, 219, 199),
        (247, 247, 247),
        (209, 229, 240),
        (146, 197, 222),
        (67, 147, 195),
        (33, 102, 172),
        (5, 48, 97),
    ];
    blend(&STOPS, (t.clamp(-1.0, 1.0) + 1.0) / 2.0)
}

/// The colour at `t` (0..=1) of a scale of evenly spaced `stops`,
/// linearly interpolated.
fn blend(stops: &[(u8, u8, u8)], t: f64) -> RGBColor {
    let x = t.clamp(0.0, 1.0) * (stops.len() - 1) as f64;
    let i = (x.floor() as usize).min(stops.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (stops[i], stops[i + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Whether text on `c` reads better in white than in black.
pub fn dark(c: RGBColor) -> bool {
    let RGBColor(r, g, b) = c;
    0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b) < 140.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_edition_keeps_its_colour_whatever_else_is_in_the_report() {
        let a = Palette::new(["revised", "house.toml", "hubris"]);
        let b = Palette::new(["hubris", "revised"]);
        assert_eq!(a.look("revised"), b.look("revised"));
        assert_eq!(a.look("hubris"), b.look("hubris"));
        assert_eq!(a.css("revised"), "#0072b2");
        // A house rule gets a colour no built-in edition has.
        let builtin: Vec<_> = ["revised", "fta", "uwod", "hubris"]
            .iter()
            .map(|e| a.look(e).color)
            .collect();
        assert!(!builtin.contains(&a.look("house.toml").color));
    }

    #[test]
    fn viridis_ends() {
        assert_eq!(viridis(0.0), RGBColor(68, 1, 84));
        assert_eq!(viridis(1.0), RGBColor(253, 231, 37));
        assert!(dark(viridis(0.0)) && !dark(viridis(1.0)));
    }

    #[test]
    fn the_diverging_scale_is_white_at_zero_and_dark_at_either_end() {
        assert_eq!(diverging(0.0), RGBColor(247, 247, 247));
        assert_eq!(diverging(-1.0), RGBColor(103, 0, 31));
        assert_eq!(diverging(1.0), RGBColor(5, 48, 97));
        assert_eq!(diverging(7.0), diverging(1.0));
        assert!(dark(diverging(-1.0)) && dark(diverging(1.0)) && !dark(diverging(0.0)));
    }
}
