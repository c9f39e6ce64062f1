import type { Summary } from "./summary";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A bar chart of Hits@1 and LLM calls per strategy; one panel per dataset when several datasets
 * were run (per hop for MetaQA), else one panel overall. Plain SVG, no dependencies.
 */
export function renderSvg(s: Summary): string {
  const panels = s.datasets.length > 1 ? s.datasets.map((d) => ({ title: d, rows: s.strategies.map((x) => ({ name: x.strategy, a: x.byDataset[d] })) })) : [{ title: s.datasets[0] ?? "all", rows: s.strategies.map((x) => ({ name: x.strategy, a: x as (typeof x.byDataset)[string] | undefined })) }];
  const maxCalls = Math.max(1, ...s.strategies.map((x) => x.avgLlmCalls));
  const n = s.strategies.length;
  const group = 56;
  const panelW = 70 + n * group;
  const panelH = 250;
  const width = panels.length * panelW + 20;
  const height = panelH + 40;
  const plotTop = 62;
  const plotH = 170;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="16" font-size="13" font-weight="bold">Hits@1 (blue, 0–1) and LLM calls per question (orange, 0–${maxCalls.toFixed(1)})</text>`,
  ];
  panels.forEach((p, pi) => {
    const x0 = 10 + pi * panelW + 40;
    out.push(`<text x="${x0}" y="${plotTop - 22}" font-weight="bold">${esc(p.title)}</text>`);
    out.push(`<line x1="${x0}" y1="${plotTop + plotH}" x2="${x0 + n * group}" y2="${plotTop + plotH}" stroke="#333"/>`);
    for (const t of [0, 0.5, 1]) out.push(`<text x="${x0 - 6}" y="${plotTop + plotH - t * plotH + 4}" text-anchor="end" fill="#555">${t}</text>`);
    p.rows.forEach((r, i) => {
      const gx = x0 + i * group + 6;
      const hits = r.a?.hits1 ?? 0;
      const calls = r.a?.avgLlmCalls ?? 0;
      const hh = hits * plotH;
      const ch = (calls / maxCalls) * plotH;
      out.push(`<rect x="${gx}" y="${plotTop + plotH - hh}" width="20" height="${hh}" fill="#3b6fb6"><title>${esc(r.name)} Hits@1 ${hits.toFixed(3)}</title></rect>`);
      out.push(`<text x="${gx + 10}" y="${plotTop + plotH - hh - 3}" text-anchor="middle" font-size="9">${hits.toFixed(2)}</text>`);
      out.push(`<rect x="${gx + 22}" y="${plotTop + plotH - ch}" width="20" height="${ch}" fill="#e08a2c"><title>${esc(r.name)} LLM calls ${calls.toFixed(2)}</title></rect>`);
      out.push(`<text x="${gx + 32}" y="${plotTop + plotH - ch - 3}" text-anchor="middle" font-size="9">${calls.toFixed(1)}</text>`);
      out.push(`<text transform="translate(${gx + 22},${plotTop + plotH + 12}) rotate(30)" font-size="10">${esc(r.name)}</text>`);
    });
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
