import ExcelJS from 'exceljs';

/** The first sheet of an Excel answer; an answer that is not an xlsx download (status, content type) throws with what it was. */
export async function xlsxSheet(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }): Promise<ExcelJS.Worksheet> {
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode !== 200 || !type.includes('spreadsheetml')) throw new Error(`not an xlsx download: ${res.statusCode} ${type}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0];
}
