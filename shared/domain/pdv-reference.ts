/** A PDV's own id for a sale (local API, deep link, CLI): short, plain, safe in a URL and a file. */
export const PDV_REFERENCE = /^[A-Za-z0-9._:-]{1,60}$/;
