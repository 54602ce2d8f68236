import { Inject } from '@nestjs/common';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
export const DATABASE = Symbol('DATABASE');
/** Injects the Kysely `Database`. */
export const InjectDatabase = (): ParameterDecorator => Inject(DATABASE);
