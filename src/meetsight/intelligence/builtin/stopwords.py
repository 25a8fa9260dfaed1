"""English and Spanish stopwords, accent-folded (as :func:`text.fold` gives them), including the
filler of spoken sales talk ("yeah", "okay", "vale", "pues"), which carries no topic."""

from __future__ import annotations

_ENGLISH = """
a about above after again against all almost also am an and any are aren't as at be because been
before being below between both but by can can't cannot could couldn't did didn't do does doesn't
doing don't down during each either else enough even ever every few for from further get gets
getting got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers
herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just
let let's like lot lots me might more most much must mustn't my myself need needs no nor not now
of off on once one only or other others our ours ourselves out over own per perhaps quite rather
really same say says said shall she she'd she'll she's should shouldn't so some something still
such sure than that that's the their theirs them themselves then there there's these they they'd
they'll they're they've thing things this those though through to too under until up upon us very
via was wasn't way we we'd we'll we're we've well were weren't what what's when when's where
where's whether which while who who's whom why why's will with within without won't would
wouldn't yet you you'd you'll you're you've your yours yourself yourselves
yeah yes yep okay ok oh hi hello hey bye thanks thank please great perfect right alright
sounds good cool awesome got gotta gonna wanna kind sort actually basically honestly maybe
probably definitely absolutely totally pretty bit little anyway anything everything nothing
someone somebody everyone everybody today tomorrow yesterday know think mean guess see want
go going come coming make made take look looking talk talking tell told hear call let's
um uh hmm mm ah already again later soon ago also instead otherwise anyway exactly
fine done lets yours mine
"""

_SPANISH = """
a al algo algun alguna algunas alguno algunos ante antes aqui asi aun aunque bajo bien cada casi
como con contra cual cuales cualquier cuando cuanto cuanta cuantos cuantas de del desde donde dos
el ella ellas ello ellos en entre era eran eres es esa esas ese eso esos esta estaba estaban
estamos estan estar estas este esto estos estoy fue fueron fui ha habia han has hasta hay haya he
hemos hoy la las le les lo los mas me mi mia mias mio mios mis mismo mucha muchas mucho muchos muy
nada ni no nos nosotras nosotros nuestra nuestras nuestro nuestros o os otra otras otro otros para
pero poco por porque pues que quien quienes se sea ser si sido sin sino sobre sois somos son soy
su sus suya suyo tal tambien tampoco tan tanto te tenemos tener tengo tiene tienen todo todos toda
todas tu tus un una uno unos unas usted ustedes vosotros vuestra vuestro vuestras vuestros y ya yo
va van vamos voy ir hacer hace hacemos hago puede pueden podemos puedo podria podriamos quiero
queremos quiere decir digo dice creo cosa cosas vez veces luego entonces ahora aca alli ahi
hola adios gracias vale bueno buena buenas buenos claro perfecto genial vale venga oye mira
sí si exacto exactamente vale perfecto estupendo entiendo entendido
eh em este pues bueno igual verdad realmente basicamente sinceramente solo sola
manana ayer nada todo alguien nadie saber se sabe sabes creo parece tambien luego despues
pronto todavia siempre nunca ademas incluso usted ustedes
"""


def wordset(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``: long word lists stay readable."""
    return frozenset(text.split())


ENGLISH: frozenset[str] = frozenset(_ENGLISH.split())
SPANISH: frozenset[str] = frozenset(_SPANISH.split())
BOTH: frozenset[str] = ENGLISH | SPANISH
