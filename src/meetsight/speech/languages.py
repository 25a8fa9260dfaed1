"""Whisper's languages: ISO 639-1 codes, and the English names OpenAI's API answers with."""

from __future__ import annotations

# Whisper's code -> name (lowercase, as Whisper and OpenAI's verbose_json spell it).
_TABLE = (
    "en:english zh:chinese de:german es:spanish ru:russian ko:korean fr:french ja:japanese "
    "pt:portuguese tr:turkish pl:polish ca:catalan nl:dutch ar:arabic sv:swedish it:italian "
    "id:indonesian hi:hindi fi:finnish vi:vietnamese he:hebrew uk:ukrainian el:greek "
    "ms:malay cs:czech ro:romanian da:danish hu:hungarian ta:tamil no:norwegian th:thai "
    "ur:urdu hr:croatian bg:bulgarian lt:lithuanian la:latin mi:maori ml:malayalam "
    "cy:welsh sk:slovak te:telugu fa:persian lv:latvian bn:bengali sr:serbian "
    "az:azerbaijani sl:slovenian kn:kannada et:estonian mk:macedonian br:breton "
    "eu:basque is:icelandic hy:armenian ne:nepali mn:mongolian bs:bosnian kk:kazakh "
    "sq:albanian sw:swahili gl:galician mr:marathi pa:punjabi si:sinhala km:khmer "
    "sn:shona yo:yoruba so:somali af:afrikaans oc:occitan ka:georgian be:belarusian "
    "tg:tajik sd:sindhi gu:gujarati am:amharic yi:yiddish lo:lao uz:uzbek fo:faroese "
    "ht:haitian_creole ps:pashto tk:turkmen nn:nynorsk mt:maltese sa:sanskrit "
    "lb:luxembourgish my:myanmar bo:tibetan tl:tagalog mg:malagasy as:assamese tt:tatar "
    "haw:hawaiian ln:lingala ha:hausa ba:bashkir jw:javanese su:sundanese yue:cantonese"
)
WHISPER_LANGUAGES: dict[str, str] = dict(item.split(":") for item in _TABLE.split())
# Where Whisper's code is not the ISO 639-1 one (Cantonese has none of its own: Chinese).
_TO_ISO = {"jw": "jv", "yue": "zh"}
_FROM_ISO = {"jv": "jw"}
_BY_NAME = {name.replace("_", " "): code for code, name in WHISPER_LANGUAGES.items()}
_BY_NAME |= {
    "burmese": "my",
    "castilian": "es",
    "flemish": "nl",
    "haitian": "ht",
    "letzeburgesch": "lb",
    "moldavian": "ro",
    "moldovan": "ro",
    "pushto": "ps",
    "panjabi": "pa",
    "valencian": "ca",
    "mandarin": "zh",
    "sinhalese": "si",
}


def to_iso(value: str | None) -> str:
    """An ISO 639-1 code from a Whisper code or an English language name; "" when unknown."""
    if not value:
        return ""
    key = value.strip().lower().replace("_", " ")
    code = key if key in WHISPER_LANGUAGES else _BY_NAME.get(key, "")
    if not code and key in _FROM_ISO:
        code = key
    return _TO_ISO.get(code, code)


def to_whisper(iso: str) -> str | None:
    """Whisper's code for an ISO 639-1 code, or None when Whisper does not know the language."""
    code = iso.strip().lower()
    code = _FROM_ISO.get(code, code)
    return code if code in WHISPER_LANGUAGES else None
