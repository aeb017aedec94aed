import fs from 'node:fs';
import path from 'node:path';

/**
 * One named figure of a bench run. `budget` is an upper limit and `atLeast` a lower one (DESIGN.md section 9);
 * most budgets are ratios to a limit measured in the same run (unit 'x').
 */
export interface Figure {
  name: string;
  value: number | null;
  unit: string;
  budget?: number;
  atLeast?: number;
  note?: string;
}

export interface Meta {
  date: string;
  mode: string;
  quick: boolean;
  /** Runs of each load figure (their median is the figure). */
  runs?: number;
  samples: number;
  rows: Record<string, number>;
  machine: string;
  shared: string;
  node: string;
  loadAverageAtStart: number[];
  durationSeconds?: number;
}

export class Report {
  readonly figures: Figure[] = [];
  readonly lines: string[] = [];

  add(f: Figure): void {
    this.figures.push(f);
    const v = f.value === null ? 'n/a' : `${round(f.value)} ${f.unit}`;
    const b = limitOf(f) === undefined ? '' : `  (budget ${limitText(f)}: ${verdict(f)})`;
    console.log(`  ${f.name.padEnd(44)} ${v}${b}${f.note ? `  ${f.note}` : ''}`);
  }

  /** A line for the report (e.g. a figure that could not be taken and why). */
  say(line: string): void {
    this.lines.push(line);
    console.log(`  ${line}`);
  }

  /**
   * Writes bench/results.json and bench/results.md. Each database mode keeps its own section: a run
   * replaces the section of its mode and keeps the other mode's last results.
   */
  write(dir: string, meta: Meta): { json: string; md: string } {
    const json = path.join(dir, 'results.json');
    const md = path.join(dir, 'results.md');
    const figures = Object.fromEntries(
      this.figures.map((f) => [f.name, { value: f.value, unit: f.unit, budget: f.budget ?? null, atLeast: f.atLeast ?? null, ratioToBudget: ratio(f), note: f.note ?? null }]),
    );
    let runs: Record<string, StoredRun> = {};
    try {
      runs = (JSON.parse(fs.readFileSync(json, 'utf8')) as { runs?: Record<string, StoredRun> }).runs ?? {};
    } catch {
      /* first run */
    }
    runs[meta.mode] = { meta, figures, notes: this.lines };
    fs.writeFileSync(json, `${JSON.stringify({ runs }, null, 2)}\n`);
    fs.writeFileSync(md, [HEADER, ...Object.values(runs).map(section)].join('\n'));
    return { json, md };
  }
}

interface StoredRun {
  meta: Meta;
  figures: Record<string, { value: number | null; unit: string; budget: number | null; atLeast?: number | null; note: string | null }>;
  notes: string[];
}

const HEADER = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run.ts; README "Benchmarks"), one section per database mode (the last run of each).',
  'Budgets: DESIGN.md section 9. They are ratios to limits measured in the same run (a list to the bare route, a search to its own SQL run directly, the save to the raw `pg` driver, the 1M figures to the same call at 100k); "≥" marks a lower limit. "ratio" is value / budget (above 1 misses an upper limit, below 1 a lower one). Absolute milliseconds are reported beside them: they are what a user feels.',
  'The before and after figures of every change made for a budget, and why: [history.md](history.md) (written by hand).',
  '',
].join('\n');

function section(run: StoredRun): string {
  const figures: Figure[] = Object.entries(run.figures).map(([name, f]) => ({ name, value: f.value, unit: f.unit, budget: f.budget ?? undefined, atLeast: f.atLeast ?? undefined, note: f.note ?? undefined }));
  return markdown(run.meta, figures, run.notes);
}

const round = (x: number) => (Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 100) / 100);
const limitOf = (f: Figure) => f.budget ?? f.atLeast;
const limitText = (f: Figure) => `${f.budget === undefined ? '≥ ' : ''}${limitOf(f)} ${f.unit}`;
const ratio = (f: Figure) => {
  const limit = limitOf(f);
  return f.value === null || limit === undefined ? null : Math.round((f.value / limit) * 100) / 100;
};
const misses = (f: Figure) => f.value !== null && ((f.budget !== undefined && f.value > f.budget) || (f.atLeast !== undefined && f.value < f.atLeast));
const verdict = (f: Figure) => (f.value === null ? 'not measured' : misses(f) ? 'MISS' : 'within');

function markdown(meta: Meta, figures: Figure[], lines: string[]): string {
  const rows = figures.map((f) => {
    const r = ratio(f);
    const limited = limitOf(f) !== undefined;
    return `| ${f.name} | ${f.value === null ? 'n/a' : round(f.value)} ${f.unit} | ${limited ? limitText(f) : ''} | ${r === null ? '' : `${r}`} | ${limited ? verdict(f) : ''} | ${f.note ?? ''} |`;
  });
  const missed = figures.filter(misses);
  return [
    `## ${meta.mode}${meta.quick ? ' (quick run)' : ''}`,
    '',
    `Command: \`npm run bench${meta.quick || meta.mode.startsWith('PostgreSQL') ? ' --' : ''}${meta.quick ? ' --quick' : ''}${meta.mode.startsWith('PostgreSQL') ? ' --database-url <server>' : ''}\``,
    '',
    `- Date: ${meta.date}`,
    `- Machine: ${meta.machine}; Node ${meta.node}`,
    `- Database: ${meta.mode}; ${meta.samples.toLocaleString('en')} samples (${Object.entries(meta.rows).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')})`,
    `- Load average at start: ${meta.loadAverageAtStart.map((x) => x.toFixed(2)).join(' / ')}. ${meta.shared}`,
    `- The load generator (autocannon) runs on the same machine as the server and the database, so they share the cores.${(meta.runs ?? 1) > 1 ? ` Each load figure is the median of ${meta.runs} runs, taken in rounds (the notes give each run).` : ''}`,
    meta.durationSeconds ? `- Run time: ${meta.durationSeconds} s` : '',
    '',
    '| Figure | Value | Budget | Ratio | Verdict | Note |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    missed.length ? `### Budget misses\n\n${missed.map((f) => `- ${f.name}: ${round(f.value!)} ${f.unit} against ${limitText(f)} (${ratio(f)}x)`).join('\n')}\n` : '### Budget misses\n\nNone.\n',
    lines.length ? `### Notes\n\n${lines.map((l) => `- ${l}`).join('\n')}\n` : '',
  ].filter((l, i, a) => l !== '' || a[i - 1] !== '').join('\n');
}
