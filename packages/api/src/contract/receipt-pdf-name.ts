/** The name a receipt's PDF is saved under (the server's Content-Disposition, the web app's download). */
export const receiptPdfName = (receiptNumber: string) => `templet-receipt-${receiptNumber}.pdf`
