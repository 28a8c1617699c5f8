/**
 * Uploads one file as multipart/form-data with XMLHttpRequest, because fetch cannot report
 * upload progress. Resolves with the status and the parsed JSON answer.
 */
export function uploadWithProgress(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: leave null
      }
      if (xhr.status >= 200 && xhr.status < 300) onProgress(100);
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
