/** Saves text as a file through the browser's download (Electron asks where to save it). */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
