import { ContentImage } from './content-image.tsx';
import styles from './content-figure.module.css';

interface ContentFigureProps {
  /** File name under /img/. */
  file: string;
  alt: string | undefined;
  /** Below the first screen: load when it comes near. */
  lazy?: boolean;
  /** A tall or small image: centred at a reading width instead of the full column. */
  narrow?: boolean;
  className?: string;
}

/** A content image as a figure of the page: rounded and shadowed. */
export function ContentFigure({ file, alt, lazy, narrow, className }: ContentFigureProps) {
  return (
    <figure
      className={className ? `${styles.figure} ${className}` : styles.figure}
      data-narrow={narrow ? 'true' : undefined}
    >
      <ContentImage file={file} alt={alt} lazy={lazy} />
    </figure>
  );
}
