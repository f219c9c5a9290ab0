// Saves a blob the studio fetched (an export needs the CSRF header, so it cannot be a plain link) under a name.
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
