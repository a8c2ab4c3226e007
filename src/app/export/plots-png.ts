/**
 * All charts on screen as one PNG: the main pass@1 chart on top, the diagnostics
 * below two to a row, each under its caption, on white (a chart canvas itself is
 * transparent, which reads badly in most image viewers).
 */
const PAD = 16;
const CAPTION = 22;

interface Figure {
  caption: string;
  canvas: HTMLCanvasElement;
}

function figures(root: ParentNode): Figure[] {
  return [...root.querySelectorAll<HTMLElement>('figure.chart')].flatMap((figure) => {
    const canvas = figure.querySelector('canvas');
    return canvas ? [{ caption: figure.querySelector('figcaption')?.textContent ?? '', canvas }] : [];
  });
}

/** Places the first figure alone on its row, the rest two per row; returns the sheet size too. */
function layout(list: readonly Figure[]): { placed: { figure: Figure; x: number; y: number }[]; width: number; height: number } {
  const [main, ...rest] = list;
  if (!main) return { placed: [], width: 0, height: 0 };
  const width = Math.max(main.canvas.width, 2 * Math.max(0, ...rest.map((f) => f.canvas.width))) + 2 * PAD;
  const placed = [{ figure: main, x: PAD, y: PAD }];
  let y = PAD + CAPTION + main.canvas.height + PAD;
  for (let i = 0; i < rest.length; i += 2) {
    const row = rest.slice(i, i + 2);
    row.forEach((figure, j) => placed.push({ figure, x: PAD + j * ((width - PAD) / 2), y }));
    y += CAPTION + Math.max(...row.map((f) => f.canvas.height)) + PAD;
  }
  return { placed, width, height: y };
}

export function plotsPng(root: ParentNode): Promise<Blob> {
  const { placed, width, height } = layout(figures(root));
  if (placed.length === 0) return Promise.reject(new Error('there is no chart on screen to save'));
  const sheet = document.createElement('canvas');
  sheet.width = width;
  sheet.height = height;
  const ctx = sheet.getContext('2d');
  if (!ctx) return Promise.reject(new Error('this browser cannot draw the image'));
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#222';
  ctx.font = '15px system-ui, sans-serif';
  for (const { figure, x, y } of placed) {
    ctx.fillText(figure.caption, x, y + 15);
    ctx.drawImage(figure.canvas, x, y + CAPTION);
  }
  return new Promise((resolve, reject) => sheet.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the image could not be encoded'))), 'image/png'));
}
