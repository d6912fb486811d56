/** The integration the client benchmark signs with (the golden-vector tokens; a local stub store only). */
export const BENCH_CREDENTIALS = {
  consumerKey: "a6aa81cc3e65e2960a4879392445e718",
  consumerSecret: "uc83htqfl8q7uvq8qwjo67pfghvm8il2",
  accessToken: "0lnuajnuzeei2o8xcddii5us77xnb6v0",
  accessTokenSecret: "1c6d2hycnir5ygf39fycs6zhtaagx8pd",
};
