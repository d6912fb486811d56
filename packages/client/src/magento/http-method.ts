/** The HTTP methods of Magento's REST API (a leaf module: the catalogue and the client's types both use it). */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
