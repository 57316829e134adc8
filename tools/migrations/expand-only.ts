/**
 * The expand-only rule for migrations (docs/operations/upgrades.md): during a rolling upgrade the
 * previous release serves on the schema the new one has migrated, so a migration may add (tables,
 * nullable columns, columns with a default, indexes) and relax (drop not null, drop a constraint)
 * but never take away or change what the previous release reads or writes. A step that does is a
 * contract step: it ships a release after the last reader of what it removes is gone, marked
 * `-- contract: <what> unread since <release>`, naming a release the rolling upgrade no longer
 * starts from.
 */
export interface Finding {
  migration: string;
  statement: string;
  rule: string;
}

interface Rule {
  rule: string;
  matches: (statement: string) => boolean;
}

const RULES: Rule[] = [
  {
    rule: 'drops a table, view, type, function or schema',
    matches: (s) => /\bdrop\s+(table|view|materialized\s+view|type|function|schema|sequence)\b/.test(s),
  },
  {
    rule: 'drops a column',
    matches: (s) =>
      /\bdrop\s+column\b/.test(s) || /\balter\s+table\b.*\bdrop\s+(?!not\s+null|default|constraint|column)\w/.test(s),
  },
  { rule: 'renames a table, column or constraint', matches: (s) => /\brename\b/.test(s) },
  {
    rule: 'changes a column or type (alter … type)',
    matches: (s) => /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/.test(s) || /\balter\s+type\b/.test(s),
  },
  { rule: 'removes a default the previous release may rely on', matches: (s) => /\bdrop\s+default\b/.test(s) },
  { rule: 'empties a table', matches: (s) => /\btruncate\b/.test(s) || /^delete\s+from\b/.test(s) },
  {
    rule: 'makes a column required without a default (the previous release inserts without it)',
    matches: (s) => {
      if (/\bset\s+not\s+null\b/.test(s)) return !/\bset\s+default\b/.test(s);
      const added = /\badd\s+column\s+(if\s+not\s+exists\s+)?\S+\s+([^,]*)/.exec(s)?.[2] ?? '';
      return /\bnot\s+null\b/.test(added) && !/\bdefault\b/.test(added) && !/\bgenerated\b/.test(added);
    },
  },
];

/** Statements of a migration, lower-cased, without comments; a marked contract step is left out. */
export function statements(sql: string): { text: string; contract: string | null }[] {
  const withoutBlocks = sql.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const out: { text: string; contract: string | null }[] = [];
  let contract: string | null = null;
  let current = '';
  for (const line of withoutBlocks.split('\n')) {
    const mark = /--\s*contract:\s*(.+)$/i.exec(line);
    if (mark) contract = mark[1]!.trim();
    current += ` ${line.replace(/--.*$/, '')}`;
    if (/;\s*$/.test(line.replace(/--.*$/, ''))) {
      out.push({ text: current.replace(/\s+/g, ' ').trim().toLowerCase(), contract });
      current = '';
      contract = null;
    }
  }
  if (current.trim()) out.push({ text: current.replace(/\s+/g, ' ').trim().toLowerCase(), contract });
  return out.filter((s) => s.text !== '' && s.text !== ';');
}

/**
 * What a migration does that the previous release could not live with. A statement marked as a
 * contract step is checked by `contractRelease` instead: the release it names must be one the
 * rolling upgrade no longer starts from.
 */
export function expandOnlyFindings(
  migration: string,
  sql: string,
  contractAllowed: (release: string) => boolean = () => false,
): Finding[] {
  const findings: Finding[] = [];
  for (const { text, contract } of statements(sql)) {
    const release = contract ? /unread since (\d+\.\d+\.\d+)/.exec(contract)?.[1] : undefined;
    if (contract && release && contractAllowed(release)) continue;
    for (const { rule, matches } of RULES) {
      if (matches(text)) findings.push({ migration, statement: text.slice(0, 160), rule });
    }
  }
  return findings;
}
