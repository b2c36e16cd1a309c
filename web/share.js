// The QR code of a shared hand's link, for the Share panel (py/cardtable/ui/screens/daily.py):
// loaded the first time a short link is shared.
import { qrSvg } from "./qr.js";

window.cardtableShare = { qrSvg };
