import sharp from 'sharp';

/** Mean absolute difference of two same-size images inside a region (0 = identical). */
export async function regionDifference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const [pixelsA, pixelsB] = await Promise.all([a, b].map((image) => sharp(image).extract(region).raw().toBuffer()));
  let sum = 0;
  for (let index = 0; index < pixelsA!.length; index += 1) sum += Math.abs(pixelsA![index]! - pixelsB![index]!);
  return sum / pixelsA!.length;
}
