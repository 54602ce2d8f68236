import { Inject } from '@nestjs/common';

export const PORTAL_CONFIG = Symbol('PORTAL_CONFIG');
/** Injects the frozen PortalConfig. */
export const InjectConfig = (): ParameterDecorator => Inject(PORTAL_CONFIG);
