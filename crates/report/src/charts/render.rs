//! Drawing a chart twice, as SVG (inlined in the page) and as PNG (text
//! set in DejaVu Sans, embedded, so no system font is looked up and the
//! pixels are the same on every machine).

use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::FONT;
use crate::error::ReportError;

/// A chart drawn: its SVG text and PNG bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The SVG document.
    pub svg: String,
    /// The PNG image.
    pub png: Vec<u8>,
}

/// Something that draws itself on any plotters backend.
pub trait Draw {
    /// Its size in pixels.
    fn size(&self) -> (u32, u32);
    /// Draws it on `root`.
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>;
}

/// Registers the embedded font with plotters, once.
fn fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The bytes are DejaVu's own TTF files: they parse.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular());
        let _ = plotters::style::register_font(FONT, FontStyle::Bold, dejavu::sans::bold());
    });
}

/// Draws `chart` as SVG and as PNG; `name` names it in errors.
pub fn render(name: &str, chart: &impl Draw) -> Result<Rendered, ReportError> {
    fonts();
    let fail = |message: String| ReportError::Chart {
        name: name.to_string(),
        message,
    };
    let (w, h) = chart.size();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
        chart.draw(&root).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    let mut pixels = vec![0u8; w as usize * h as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, (w, h)).into_drawing_area();
        chart.draw(&root).map_err(|e| fail(e.to_string()))?;
        root.present().map_err(|e| fail(e.to_string()))?;
    }
    let mut png = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut png, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut writer = enc.write_header().map_err(|e| fail(e.to_string()))?;
        writer
            .write_image_data(&pixels)
            .map_err(|e| fail(e.to_string()))?;
        writer.finish().map_err(|e| fail(e.to_string()))?;
    }
    Ok(Rendered { svg, png })
}
