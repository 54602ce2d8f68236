/**
 * `test-dates/no-date-literals`: a test derives its months, weeks and days from the run's pinned
 * "now" (PORTAL_NOW; `testNow()`, `runNow()`, `todayUtc()` and the helpers built on them), so it
 * passes at any instant. It reports every ISO date or month ('2026-11', '2026-11-23', an instant
 * '2026-11-23T10:00:00Z') and every month named with its year ('Nov 2026', 'Nov - 2026') written
 * in a string or template literal of a test file.
 *
 * A file whose dates are fixtures says so in a comment above its code (imports may come first):
 *
 *   // Fixed dates: <why: a pure function given a date, a parser, the file pins its own instant>
 *
 * and the rule then lets its literals be. The marker must be honest: a marked file that reads the
 * run's instant (imports testNow, pinnedInstant, runNow, todayUtc, ...; reads
 * process.env.PORTAL_NOW; starts an app with `startTestApp` without its own `now`) is reported,
 * as is a marker with no reason or on a file without a date literal. See
 * docs/decisions/0229-test-dates-at-any-instant.md.
 */

/**
 * An ISO month or date, alone or at the start of an instant, not inside a longer run of digits;
 * or a month named with its year as the screens and files show it ('Nov 2026', 'Nov - 2026',
 * 'November 2026', 'Mon 16 Nov 2026').
 */
const DATE_LITERAL = new RegExp(
  [
    String.raw`(?<!\d)\d{4}-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?(?!\d)`,
    String.raw`\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? (?:- )?\d{4}(?!\d)`,
  ].join('|'),
);
const MARKER = /^\s*Fixed dates:(.*)$/s;
/** A module's path is no date of a test (migrations are named by the day they were written). */
const MODULE_SOURCE = new Set([
  'ImportDeclaration',
  'ImportExpression',
  'ExportAllDeclaration',
  'ExportNamedDeclaration',
]);

/** What reads the run's instant: the test layers' "now" helpers (e2e/support, services/portal/test). */
const RUN_INSTANT_HELPERS = new Set([
  'DEFAULT_TEST_NOW',
  'pinTestInstant',
  'pinTestRun',
  'pinnedInstant',
  'runNow',
  'testNow',
  'todayUtc',
  'runToday',
  'runMonth',
]);

/** Starts the whole portal; without `now` its clock starts at the run's instant. */
const APP_STARTERS = new Set(['startTestApp']);

function startsAtRunInstant(call) {
  if (call.callee.type !== 'Identifier' || !APP_STARTERS.has(call.callee.name)) return false;
  const [options] = call.arguments;
  if (options === undefined) return true;
  if (options.type !== 'ObjectExpression') return false; // options built elsewhere: not judged here
  if (options.properties.some((p) => p.type === 'SpreadElement')) return false;
  return !options.properties.some(
    (p) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === 'now',
  );
}

const noDateLiterals = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Test files derive dates from the pinned "now" unless they say `// Fixed dates: <why>` and never read it',
    },
    schema: [],
    messages: {
      literal:
        "Date literal '{{text}}' in a test: derive it from the run's pinned now (testNow(), todayUtc(), runNow() and the date helpers), or, if this file never reads the run's instant, say why its dates are fixed with a comment `// Fixed dates: <why>` above its code.",
      readsRunInstant:
        "This file says its dates are fixed, yet it reads the run's instant ({{what}}): derive its dates from it instead, or split the fixed-date tests into a file of their own.",
      noReason: "Say why this file's dates are fixed: `// Fixed dates: <why>`.",
      notHeader: "Put `// Fixed dates: <why>` above the file's code (only imports may come before it).",
      unneeded: 'This file has no date literal: remove its `// Fixed dates:` comment.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const markers = sourceCode.getAllComments().filter((comment) => MARKER.test(comment.value));
    const marked = markers.length > 0;
    let literals = 0;

    function check(node, text) {
      const found = DATE_LITERAL.exec(text);
      if (!found) return;
      literals += 1;
      if (!marked) context.report({ node, messageId: 'literal', data: { text: found[0] } });
    }

    return {
      Program(program) {
        const firstCode = program.body.find((statement) => statement.type !== 'ImportDeclaration');
        for (const marker of markers) {
          const reason = MARKER.exec(marker.value)[1].replace(/\s+/g, ' ').trim();
          if (reason.length < 10) context.report({ loc: marker.loc, messageId: 'noReason' });
          if (firstCode && marker.range[0] > firstCode.range[0]) {
            context.report({ loc: marker.loc, messageId: 'notHeader' });
          }
        }
      },
      Literal(node) {
        if (typeof node.value !== 'string' || MODULE_SOURCE.has(node.parent?.type)) return;
        check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
      ImportSpecifier(node) {
        const name = node.imported.name ?? node.imported.value;
        if (marked && RUN_INSTANT_HELPERS.has(name)) {
          context.report({ node, messageId: 'readsRunInstant', data: { what: `imports ${name}` } });
        }
      },
      MemberExpression(node) {
        // process.env.PORTAL_NOW: the run's instant read directly.
        const env = node.object;
        const name = node.property.name ?? node.property.value;
        if (
          marked &&
          (name === 'PORTAL_NOW' || name === 'PORTAL_NOW_AT') &&
          env.type === 'MemberExpression' &&
          env.object.name === 'process' &&
          (env.property.name ?? env.property.value) === 'env'
        ) {
          context.report({ node, messageId: 'readsRunInstant', data: { what: `reads process.env.${name}` } });
        }
      },
      CallExpression(node) {
        if (marked && startsAtRunInstant(node)) {
          context.report({
            node,
            messageId: 'readsRunInstant',
            data: { what: `${node.callee.name} without its own now` },
          });
        }
      },
      'Program:exit'() {
        if (marked && literals === 0) context.report({ loc: markers[0].loc, messageId: 'unneeded' });
      },
    };
  },
};

export const testDatesPlugin = { rules: { 'no-date-literals': noDateLiterals } };

/** Where the rule applies: every test file and the code only tests use. */
export const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.int-spec.ts',
  '**/*.contract.ts',
  '**/*.testing.ts',
  'services/*/src/**/test/**/*.ts',
  'services/*/src/**/testing/**/*.ts',
  'services/portal/test/**/*.ts',
  'e2e/**/*.ts',
];
