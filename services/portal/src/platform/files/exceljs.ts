import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded on its first use rather than when the app starts: it takes about 0.3 s to load
 * and only the xlsx exports use it (docs/decisions/0243-heavy-libraries-load-on-first-use.md).
 * Node keeps the module once loaded, so later calls cost nothing. Files that only name its types
 * import them with `import type`.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
