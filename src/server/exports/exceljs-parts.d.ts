// exceljs's package entry loads its whole library (the in-memory workbook, CSV, both stream directions): about
// 27 MB of a process's memory and a quarter of a second. The server loads the one streaming part it uses
// from its own file; these give those files the types exceljs declares for them.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type ExcelJS from 'exceljs';
  const WorkbookWriter: typeof ExcelJS.stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}

declare module 'exceljs/lib/stream/xlsx/workbook-reader.js' {
  import type ExcelJS from 'exceljs';
  const WorkbookReader: typeof ExcelJS.stream.xlsx.WorkbookReader;
  export default WorkbookReader;
}
