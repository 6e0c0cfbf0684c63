/** The portal-wide settings anyone may read: service closed, announcement, app version, default council. */
export class GetPublicConfigQuery {}
