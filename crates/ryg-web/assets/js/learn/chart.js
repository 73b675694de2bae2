// A line chart of numbers per depth as an SVG string (nodes grow by a factor per ply, so the
// vertical scale can be logarithmic). Pure: tested with `node --test`. The page shows a table
// with the same numbers beside it.
import { esc } from '../dom.js';
import { fmt } from '../i18n.js';

/** Ticks of a log scale from `lo` to `hi`: 1, 10, 100, … covering both. */
export function logTicks(lo, hi) {
  const ticks = [];
  for (let v = 10 ** Math.floor(Math.log10(Math.max(1, lo))); v <= Math.max(hi, 1) * 10; v *= 10) {
    ticks.push(v);
    if (v >= hi) break;
  }
  return ticks;
}

/** The chart of `series` ([{ name, cls, points: [[x, y]] }]) over x from 1 to `maxX`;
 * `yLabel`, `xLabel`: the axes' words. Returns `{ svg, ticks }`. */
export function lineChart(series, { maxX, xLabel, yLabel, width = 560, height = 260, log = true }) {
  const left = 64;
  const right = 16;
  const top = 16;
  const bottom = 40;
  const ys = series.flatMap((s) => s.points.map((p) => p[1])).filter((y) => y > 0);
  const lo = ys.length ? Math.min(...ys) : 1;
  const hi = ys.length ? Math.max(...ys) : 10;
  const ticks = log ? logTicks(lo, hi) : [0, hi / 2, hi];
  const [t0, t1] = [ticks[0], ticks[ticks.length - 1]];
  const fy = (y) => {
    const f = log
      ? (Math.log10(Math.max(y, t0)) - Math.log10(t0)) / Math.max(1e-9, Math.log10(t1) - Math.log10(t0))
      : y / (t1 || 1);
    return top + (1 - f) * (height - top - bottom);
  };
  const fx = (x) => left + (maxX <= 1 ? 0.5 : (x - 1) / (maxX - 1)) * (width - left - right);
  const parts = [
    `<svg class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true" focusable="false">`,
  ];
  for (const v of ticks) {
    const y = fy(v).toFixed(1);
    parts.push(
      `<line class="grid" x1="${left}" x2="${width - right}" y1="${y}" y2="${y}"></line><text class="tick" x="${left - 6}" y="${y}" dy="4" text-anchor="end">${fmt(v)}</text>`,
    );
  }
  for (let x = 1; x <= maxX; x += 1)
    parts.push(
      `<text class="tick" x="${fx(x).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle">${x}</text>`,
    );
  parts.push(
    `<text class="axis" x="${(left + width - right) / 2}" y="${height - 4}" text-anchor="middle">${esc(xLabel)}</text>`,
  );
  parts.push(
    `<text class="axis" x="12" y="${(top + height - bottom) / 2}" text-anchor="middle" transform="rotate(-90 12 ${(top + height - bottom) / 2})">${esc(yLabel)}</text>`,
  );
  for (const s of series) {
    const pts = s.points.filter((p) => p[1] > 0).map((p) => `${fx(p[0]).toFixed(1)},${fy(p[1]).toFixed(1)}`);
    if (!pts.length) continue;
    parts.push(`<polyline class="series ${esc(s.cls)}" points="${pts.join(' ')}"></polyline>`);
    for (const pt of pts) {
      const [x, y] = pt.split(',');
      parts.push(`<circle class="dot ${esc(s.cls)}" cx="${x}" cy="${y}" r="3.5"></circle>`);
    }
  }
  parts.push('</svg>');
  return { svg: parts.join(''), ticks };
}
