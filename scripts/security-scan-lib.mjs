/** The parts of the Electronegativity gate that decide: its issues as plain findings, the pass rule, suppression reasons. */

/** Electronegativity's issue objects (severity and confidence are {name, value} objects) as plain findings. */
export function toFindings(issues) {
  return issues.map((issue) => ({
    issue: issue.id,
    severity: String(issue.severity?.name ?? '').toUpperCase(),
    confidence: String(issue.confidence?.name ?? '').toUpperCase(),
    file: issue.file,
    location: issue.location ? `${issue.location.line}:${issue.location.column}` : '0:0',
    sample: issue.sample ?? '',
    description: issue.description ?? '',
  }));
}

const BLOCKING_SEVERITIES = new Set(['HIGH', 'MEDIUM']);
const BLOCKING_CONFIDENCES = new Set(['FIRM', 'CERTAIN']);

/** The gate: any HIGH or MEDIUM finding of FIRM or CERTAIN confidence fails the scan. */
export function isBlocking(finding) {
  return BLOCKING_SEVERITIES.has(finding.severity) && BLOCKING_CONFIDENCES.has(finding.confidence);
}

/**
 * `eng-disable` comments that give no reason. Electronegativity reads rule ids up to the first character
 * that is not a word character or blank, so the reason follows `--`: `// eng-disable SANDBOX_JS_CHECK -- why`.
 */
export function suppressionsWithoutReason(fileText) {
  const missing = [];
  fileText.split(/\r?\n/).forEach((line, index) => {
    const match = line.match(/(?:\/\/|\/\*|<!--)[ \t]*eng-disable[ \t]+[\w \t]+(.*)$/);
    if (!match) return;
    const rest = match[1] ?? '';
    const reason = rest
      .replace(/^--/, '')
      .replace(/(\*\/|-->)\s*$/, '')
      .trim();
    if (!rest.startsWith('--') || reason.split(/\s+/).filter(Boolean).length < 3) missing.push({ line: index + 1, text: line.trim() });
  });
  return missing;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map VLQ segment into its numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`invalid source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Where a generated line (1-based) came from, by a source map v3: the source and 1-based line of the
 * first mapped segment on that line, or null for a line with no mapping.
 */
export function originalLine(map, generatedLine) {
  let source = 0;
  let line = 0;
  const lines = map.mappings.split(';');
  for (let index = 0; index < lines.length && index < generatedLine; index++) {
    let first = null;
    for (const segment of (lines[index] ?? '').split(',')) {
      if (segment === '') continue;
      const values = decodeSegment(segment);
      if (values.length < 4) continue;
      source += values[1];
      line += values[2];
      first ??= { source, line };
    }
    if (index === generatedLine - 1) return first ? { source: map.sources[first.source], line: first.line + 1 } : null;
  }
  return null;
}

/** Whether a source line carries an `eng-disable` naming this check id (Electronegativity's own comment syntax). */
export function lineDisablesCheck(lineText, checkId) {
  const match = lineText.match(/(?:\/\*|\/\/)[ \t]*eng-disable[ \t]+([\w \t]+)/);
  if (!match) return false;
  return (match[1] ?? '')
    .trim()
    .split(/[ \t,]+/)
    .some((rule) => rule.toUpperCase() === checkId.toUpperCase());
}

/** A built file made only of third-party packages (all its map's sources lie in node_modules). */
export function isThirdPartyBundle(map) {
  return map.sources.length > 0 && map.sources.every((source) => source.includes('node_modules/'));
}
