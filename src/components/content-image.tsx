import { imageSize, imageUrl } from '../content/images.ts';

interface ContentImageProps {
  /** File name under /img/. */
  file: string;
  alt: string | undefined;
  /** Below the first screen: load when it comes near. */
  lazy?: boolean;
}

/** An image from the content, with its intrinsic size reserved before it loads. */
export function ContentImage({ file, alt, lazy = false }: ContentImageProps) {
  return (
    <img
      src={imageUrl(file)}
      alt={alt ?? ''}
      {...imageSize(file)}
      {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
    />
  );
}
