import { build } from './build-lib.mjs';

build();
