import { communityFragment } from '../community/openapi';
import { feedsFragment } from '../feeds/openapi';
import { platformFragment } from '../platform/openapi';
import { restaurantsFragment } from '../restaurants/openapi';
import { sharedFragment } from './components';
import type { ApiFragment } from './types';

/** Every family's part of the contract; a family adds one line here. */
export const fragments: ApiFragment[] = [sharedFragment, platformFragment, communityFragment, restaurantsFragment, feedsFragment];
