import unhomoglyph from 'unhomoglyph';
import { type UsernameSkeleton } from '../../application/ports/username-skeleton.ts';

/**
 * UTS #39's skeleton: NFD, each character replaced by its prototype from Unicode's confusables.txt (the mapping
 * the `unhomoglyph` package ships), NFD again.
 */
export const confusablesSkeleton: UsernameSkeleton = (name) => unhomoglyph(name.normalize('NFD')).normalize('NFD');
