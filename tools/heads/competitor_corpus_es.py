"""Spanish templates and slots of the generated competitor corpus
(tools/heads/competitor_corpus.py). "Zorvex" is the name read; "Quindle" another name."""

from __future__ import annotations

SLOTS: dict[str, list[str]] = {
    "lead": [
        "",
        "",
        "",
        "Mira, ",
        "Pues ",
        "Y ",
        "La verdad, ",
        "Bueno, ",
        "Ahora mismo, ",
        "Además, ",
    ],
    "when": [
        "la semana pasada",
        "el mes pasado",
        "en marzo",
        "hace dos semanas",
        "ayer",
        "hace un par de años",
    ],
    "amount": [
        "ochenta mil pesos",
        "mil quinientos por trabajador",
        "cien euros al mes",
        "bastante menos",
        "la mitad",
    ],
    "exec": ["gerente", "director general", "director financiero", "dueño", "consejo"],
    "years": ["seis años", "diez años", "cuatro años", "siempre"],
    "category": [
        "la contabilidad",
        "las nóminas",
        "la agenda",
        "las rutas",
        "la facturación",
        "el control horario",
        "el punto de venta",
    ],
    "integrate": ["integrarse con", "conectar con", "sincronizar con", "exportar a"],
    "tooljob": [
        "la contabilidad",
        "las nóminas",
        "los pedidos",
        "el correo",
        "los pagos",
        "la banca",
        "las historias clínicas",
    ],
    "role": [
        "mi socio",
        "la encargada",
        "nuestro informático",
        "mi compañera",
        "la directora financiera",
    ],
    "placeword": ["sede", "tienda", "almacén", "clínica", "oficina", "planta"],
    "event": ["la feria", "el congreso", "un webinar"],
}

_COMPETITOR = [
    "{lead}hicimos una demo con Zorvex {when}.",
    "{lead}también estamos mirando Zorvex.",
    "{lead}estamos comparando con Zorvex.",
    "{lead}Zorvex nos ha pasado un presupuesto de {amount}.",
    "{lead}Zorvex cobra {amount}.",
    "{lead}Zorvex me dio un precio parecido, pero cobraban por usuario.",
    "{lead}Zorvex nos mandó una propuesta {when}.",
    "{lead}miramos Zorvex {when}.",
    "{lead}nos ofrecieron Zorvex {when}, pero era más caro.",
    "{lead}también hablamos con Zorvex.",
    "{lead}Zorvex es más barato.",
    "{lead}Zorvex incluye la formación en el precio.",
    "{lead}Zorvex fue a hablar directamente con el {exec} {when}.",
    "{lead}nos llamó Zorvex ofreciendo pagar la migración.",
    "{lead}vimos a Zorvex en {event}.",
    "{lead}¿en qué os diferenciáis de Zorvex?",
    "{lead}¿qué os pareció Zorvex?",
    "{lead}llevamos {years} con Zorvex.",
    "{lead}ahora usamos Zorvex para {category}.",
    "{lead}es bastante más de lo que pagamos ahora por Zorvex.",
    "{lead}el contrato con Zorvex termina en junio.",
    "{lead}probamos Zorvex el año pasado y no funcionó.",
    "{lead}si no se arregla, nos vamos a Zorvex.",
    "{lead}al final nos quedamos con Zorvex.",
    "{lead}perdimos la cuenta con Zorvex por precio.",
    "{lead}Zorvex nos ganó el concurso.",
    "{lead}Zorvex se presenta también a la licitación.",
    "{lead}Zorvex ha sacado una versión gratis.",
    "{lead}los clientes nos comparan siempre con Zorvex.",
    "{lead}nos estamos planteando cambiar de Zorvex a otra cosa.",
    "{lead}ya pagamos Zorvex, era licencia única.",
]

_TOOL = [
    "{lead}¿cómo se conecta con Zorvex?",
    "{lead}los pedidos urgentes los mandamos por Zorvex y eso no lo queremos tocar.",
    "{lead}no vamos a cambiar de Zorvex, lo que sea tiene que funcionar con Zorvex.",
    "{lead}usamos Zorvex para las liquidaciones.",
    "{lead}¿se puede {integrate} Zorvex?",
    "{lead}tiene que {integrate} Zorvex.",
    "{lead}llevamos {tooljob} en Zorvex y eso no se toca.",
    "{lead}los datos acaban en Zorvex.",
    "{lead}trabajamos con Zorvex para {tooljob}.",
    "{lead}todo se exporta a Zorvex a fin de mes.",
    "{lead}los pagos van por Zorvex.",
    "{lead}el banco es Zorvex y la conciliación va por ahí.",
]

_OURS = [
    "{lead}con Zorvex tenéis la formación incluida.",
    "{lead}en Zorvex hacemos nosotros la migración.",
    "{lead}gracias por mirar Zorvex.",
    "{lead}los clientes de Zorvex arrancan en seis semanas.",
]

_PERSON = [
    "{lead}cuando le llevo los números a Zorvex, los revisa todos.",
    "{lead}Zorvex me va a preguntar por el dinero.",
    "{lead}mi compañera Zorvex ya os mandó la lista.",
    "{lead}{role}, Zorvex, lo sabe todo.",
    "{lead}Zorvex os manda la lista el viernes.",
    "{lead}se lo comento a Zorvex.",
    "{lead}Zorvex también va a estar.",
    "{lead}lo decido con Zorvex, que es quien firma.",
]

_PLACE = [
    "{lead}la {placeword} de Zorvex es la más grande.",
    "{lead}tenemos dos {placeword}s en Zorvex.",
    "{lead}empezamos el piloto en Zorvex.",
    "{lead}estamos en Zorvex, a una hora de la capital.",
]

_OTHER = [
    "{lead}el año pasado perdimos el concurso de Zorvex por un defecto de forma.",
    "{lead}el concejal estará en un acto en la Zorvex.",
    "{lead}Zorvex, noventa mil, está en fase de propuesta.",
    "{lead}la cuenta de Zorvex firma el mes que viene.",
    "{lead}tenemos stand en Zorvex este año.",
    "{lead}el Zorvex del almacén va fatal.",
    "{lead}si nos expandimos a Zorvex, habría que cambiar el IVA.",
    "{lead}la Diputación de Zorvex sacó el concurso.",
    "{lead}el Ayuntamiento de Zorvex es el cliente.",
    "{lead}repartimos con Zorvex y Quindle.",
    "{lead}compramos todo a Zorvex, que es el distribuidor.",
    "{lead}nuestro mayor cliente es Zorvex.",
    "{lead}la cuenta de Zorvex se retrasa al trimestre que viene.",
    "{lead}Zorvex firmó el pedido el viernes.",
    "{lead}en Zorvex somos unas doscientas personas.",
    "{lead}eso lo exige Zorvex desde enero.",
    "{lead}los servidores están en Zorvex.",
    "{lead}los pedidos nos entran por Zorvex.",
    "{lead}vendemos en Zorvex y en Quindle.",
]

ES = (
    {
        "competitor": _COMPETITOR,
        "tool": _TOOL,
        "ours": _OURS,
        "person": _PERSON,
        "place": _PLACE,
        "other": _OTHER,
    },
    SLOTS,
)

PAIRS: list[tuple[str, str, str]] = [
    ("{lead}perdimos {A} con {B} por precio.", "other", "competitor"),
    ("{lead}{A} dice que se pasa a {B} si no lo arreglamos.", "other", "competitor"),
    ("{lead}{A} fue a ver a {B} directamente.", "competitor", "person"),
    ("{lead}facturamos con {A} y se sincroniza con {B}.", "tool", "tool"),
    ("{lead}estamos entre {A} y {B}.", "competitor", "competitor"),
    ("{lead}miramos {A} y {B} el año pasado.", "competitor", "competitor"),
    ("{lead}{A} es más barato que {B}.", "competitor", "competitor"),
    ("{lead}{A}, de {B}, se une a la próxima llamada.", "person", "other"),
    ("{lead}{A} se integra con {B}, igual que vosotros.", "competitor", "tool"),
]
