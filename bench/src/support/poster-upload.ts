import sharp from 'sharp';

/**
 * A phone photo of about 4 MB: 12 MP (4032 × 3024, portrait), a gradient with noise so it does not
 * compress away, EXIF with a GPS position, as a phone writes it.
 */
export async function phonePhoto(): Promise<Buffer> {
  const width = 3024;
  const height = 4032;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 26 },
    },
  })
    .raw()
    .toBuffer();
  const gradient = await sharp(
    Buffer.from(
      `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    ),
  )
    .removeAlpha()
    .raw()
    .toBuffer();
  for (let i = 0; i < noise.length; i++) noise[i] = (noise[i]! >> 1) + (gradient[i]! >> 1);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1' } })
    .toBuffer();
}

/** The multipart body of POST /api/event/upload with `photo` as the poster, as the events form sends it. */
export function posterUploadBody(photo: Buffer): FormData {
  const body = new FormData();
  body.append('poster', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return body;
}
