// A trace as an SVG timeline: one row per span, indented under its parent, a bar from its start to
// its end, coloured by the service that recorded it.

/** One span as OTLP carries it, with times in milliseconds from any origin. */
export interface TimelineSpan {
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly kind: string;
  readonly service: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly links: number;
}

const ROW = 28;
const LABEL = 380;
const CHART = 560;
const TOP = 56;
const COLORS = ['#4f7cac', '#c0504d', '#9bbb59', '#8064a2', '#f79646'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The spans depth-first from the roots, each with its depth, children in start order. */
function ordered(spans: readonly TimelineSpan[]): { span: TimelineSpan; depth: number }[] {
  const ids = new Set(spans.map((span) => span.spanId));
  const children = new Map<string | undefined, TimelineSpan[]>();
  for (const span of spans) {
    const parent =
      span.parentSpanId !== undefined && ids.has(span.parentSpanId) ? span.parentSpanId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const rows: { span: TimelineSpan; depth: number }[] = [];
  const visit = (parent: string | undefined, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.startMs - b.startMs);
    for (const span of list) {
      rows.push({ span, depth });
      visit(span.spanId, depth + 1);
    }
  };
  visit(undefined, 0);
  return rows;
}

/** The SVG of one trace's spans. */
export function renderTimeline(spans: readonly TimelineSpan[], title: string): string {
  const rows = ordered(spans);
  const start = Math.min(...spans.map((span) => span.startMs));
  const total = Math.max(1, Math.max(...spans.map((span) => span.endMs)) - start);
  const services = [...new Set(rows.map(({ span }) => span.service))];
  const color = (service: string) => COLORS[services.indexOf(service) % COLORS.length];
  const x = (ms: number) => LABEL + ((ms - start) / total) * CHART;
  const width = LABEL + CHART + 100;
  const height = TOP + rows.length * ROW + 48;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  for (let tick = 0; tick <= 4; tick++) {
    const tx = LABEL + (tick / 4) * CHART;
    parts.push(
      `<line x1="${tx}" y1="${TOP - 8}" x2="${tx}" y2="${TOP + rows.length * ROW}" stroke="#dddddd"/>`,
      `<text x="${tx}" y="${TOP - 14}" text-anchor="middle" fill="#666666">${((tick / 4) * total).toFixed(1)} ms</text>`,
    );
  }
  rows.forEach(({ span, depth }, index) => {
    const y = TOP + index * ROW;
    const barX = x(span.startMs);
    const barWidth = Math.max(2, x(span.endMs) - barX);
    const link = span.links > 0 ? ` (${span.links} link${span.links > 1 ? 's' : ''})` : '';
    parts.push(
      `<text x="${16 + depth * 16}" y="${y + 17}">${escapeXml(span.name)} <tspan fill="#666666">${span.kind}${link}</tspan></text>`,
      `<rect x="${barX.toFixed(1)}" y="${y + 5}" width="${barWidth.toFixed(1)}" height="${ROW - 10}" rx="3" fill="${color(span.service)}"/>`,
      `<text x="${(barX + barWidth + 4).toFixed(1)}" y="${y + 17}" fill="#444444">${(span.endMs - span.startMs).toFixed(1)} ms</text>`,
    );
  });
  services.forEach((service, index) => {
    const lx = 16 + index * 180;
    const ly = TOP + rows.length * ROW + 24;
    parts.push(
      `<rect x="${lx}" y="${ly - 10}" width="12" height="12" rx="2" fill="${color(service)}"/>`,
      `<text x="${lx + 18}" y="${ly}">service.name = ${escapeXml(service)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
