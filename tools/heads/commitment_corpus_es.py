"""Spanish templates, slots and hand-written hard cases of the commitment corpus."""

from __future__ import annotations

# infinitive, present 1sg, future 1sg, future 3sg, preterite 1sg, preterite 3sg, gerund, object
_ACTS = [
    ("enviar", "envío", "enviaré", "enviará", "envié", "envió", "enviando", "{cosa}"),
    ("mandar", "mando", "mandaré", "mandará", "mandé", "mandó", "mandando", "{cosa}"),
    ("pasar", "paso", "pasaré", "pasará", "pasé", "pasó", "pasando", "{cosa}"),
    ("preparar", "preparo", "prepararé", "preparará", "preparé", "preparó", "preparando", "{cosa}"),
    ("revisar", "reviso", "revisaré", "revisará", "revisé", "revisó", "revisando", "{doc}"),
    (
        "confirmar",
        "confirmo",
        "confirmaré",
        "confirmará",
        "confirmé",
        "confirmó",
        "confirmando",
        "{tema} con {grupo}",
    ),
    (
        "organizar",
        "organizo",
        "organizaré",
        "organizará",
        "organicé",
        "organizó",
        "organizando",
        "{reunion}",
    ),
    ("agendar", "agendo", "agendaré", "agendará", "agendé", "agendó", "agendando", "{reunion}"),
    (
        "hablar",
        "hablo",
        "hablaré",
        "hablará",
        "hablé",
        "habló",
        "hablando",
        "con {grupo} sobre {tema}",
    ),
    (
        "actualizar",
        "actualizo",
        "actualizaré",
        "actualizará",
        "actualicé",
        "actualizó",
        "actualizando",
        "{doc}",
    ),
    (
        "configurar",
        "configuro",
        "configuraré",
        "configurará",
        "configuré",
        "configuró",
        "configurando",
        "{montaje}",
    ),
    (
        "escribir",
        "escribo",
        "escribiré",
        "escribirá",
        "escribí",
        "escribió",
        "escribiendo",
        "{doc}",
    ),
    (
        "compartir",
        "comparto",
        "compartiré",
        "compartirá",
        "compartí",
        "compartió",
        "compartiendo",
        "{cosa} con {grupo}",
    ),
    (
        "reenviar",
        "reenvío",
        "reenviaré",
        "reenviará",
        "reenvié",
        "reenvió",
        "reenviando",
        "{cosa} a {grupo}",
    ),
    ("subir", "subo", "subiré", "subirá", "subí", "subió", "subiendo", "{datos} a {lugar}"),
    ("firmar", "firmo", "firmaré", "firmará", "firmé", "firmó", "firmando", "{doc}"),
    (
        "consultar",
        "consulto",
        "consultaré",
        "consultará",
        "consulté",
        "consultó",
        "consultando",
        "{tema} con {grupo}",
    ),
    ("montar", "monto", "montaré", "montará", "monté", "montó", "montando", "{montaje}"),
    (
        "coordinar",
        "coordino",
        "coordinaré",
        "coordinará",
        "coordiné",
        "coordinó",
        "coordinando",
        "{reunion} con {grupo}",
    ),
    (
        "presentar",
        "presento",
        "presentaré",
        "presentará",
        "presenté",
        "presentó",
        "presentando",
        "{cosa} a {grupo}",
    ),
    ("redactar", "redacto", "redactaré", "redactará", "redacté", "redactó", "redactando", "{doc}"),
    ("adjuntar", "adjunto", "adjuntaré", "adjuntará", "adjunté", "adjuntó", "adjuntando", "{cosa}"),
    (
        "reservar",
        "reservo",
        "reservaré",
        "reservará",
        "reservé",
        "reservó",
        "reservando",
        "{reunion}",
    ),
    (
        "responder",
        "respondo",
        "responderé",
        "responderá",
        "respondí",
        "respondió",
        "respondiendo",
        "sobre {tema}",
    ),
    (
        "gestionar",
        "gestiono",
        "gestionaré",
        "gestionará",
        "gestioné",
        "gestionó",
        "gestionando",
        "{tema} con {grupo}",
    ),
    ("cerrar", "cierro", "cerraré", "cerrará", "cerré", "cerró", "cerrando", "{tema} con {grupo}"),
    (
        "calcular",
        "calculo",
        "calcularé",
        "calculará",
        "calculé",
        "calculó",
        "calculando",
        "{analisis}",
    ),
    (
        "exportar",
        "exporto",
        "exportaré",
        "exportará",
        "exporté",
        "exportó",
        "exportando",
        "{datos}",
    ),
]

_SLOTS: dict[str, list[str]] = {
    "apertura": [
        "", "", "", "", "Vale, ", "Perfecto. ", "Genial, ", "Bueno, ", "Pues ", "Entonces ",
        "Claro, ", "Y ", "Muy bien. ", "De acuerdo, ", "Sí, ", "Venga, ", "Por mi parte, ",
        "Estupendo. ", "Mira, ", "Hecho. ",
    ],
    "cl": ["te", "os", "le", "les", "te", "os"],
    "tiempo": [
        "", "", "", "", "mañana", "el lunes", "el viernes", "hoy", "hoy mismo", "esta tarde",
        "esta semana", "la semana que viene", "antes del jueves", "el próximo martes",
        "a fin de mes", "en dos semanas", "el día 15", "mañana por la mañana",
        "antes de la demo", "el martes que viene", "pasado mañana", "antes del viernes",
        "esta misma semana", "en cuanto colguemos", "antes de que acabe el día",
        "a primera hora", "el miércoles",
    ],
    "fecha": [
        "mañana", "el lunes", "el viernes", "hoy", "hoy mismo", "esta tarde", "esta semana",
        "la semana que viene", "antes del jueves", "el próximo martes", "a fin de mes",
        "en dos semanas", "el día 15", "mañana por la mañana", "pasado mañana",
        "antes del viernes", "el miércoles",
    ],
    "pasado": [
        "ayer", "la semana pasada", "el lunes pasado", "hace un mes", "hace dos semanas",
        "esta mañana", "en diciembre", "el trimestre pasado", "antes de la llamada",
    ],
    "cosa": [
        "la propuesta", "el presupuesto", "la oferta", "el contrato", "el caso de éxito",
        "la documentación técnica", "el informe de uso", "la factura",
        "las condiciones del piloto", "la presentación", "el acuerdo de confidencialidad",
        "el listado de precios", "la demo grabada", "el plan de implantación",
        "el certificado", "la convocatoria", "el resumen de la reunión", "los accesos",
        "la hoja de cálculo", "el borrador del contrato", "la comparativa",
        "el cuestionario de seguridad", "la plantilla", "el calendario de formación",
        "la nueva tarifa", "el manual de usuario", "el contacto de sistemas",
        "los datos de facturación", "el presupuesto revisado", "la propuesta económica",
        "las referencias de clientes", "el enlace de la grabación", "el acta",
    ],
    "doc": [
        "el contrato", "el plan de proyecto", "la hoja de ruta", "el pedido", "el CRM",
        "el acuerdo marco", "el anexo de seguridad", "las previsiones", "el informe mensual",
        "la oferta final", "el documento de requisitos",
    ],
    "tema": [
        "el descuento", "el precio anual", "la forma de pago", "los plazos", "la migración",
        "la integración", "las licencias", "la renovación", "el tema del servidor",
        "lo de la factura electrónica", "las condiciones", "el soporte",
    ],
    "grupo": [
        "el equipo de sistemas", "finanzas", "compras", "el director financiero", "jurídico",
        "mi jefe", "el comité", "el equipo técnico", "administración", "dirección",
        "nuestro técnico", "la gestoría", "mi socio",
    ],
    "reunion": [
        "una demo con vuestro equipo", "la sesión de formación", "una reunión con sistemas",
        "la llamada de seguimiento", "un taller", "la reunión con el director",
        "una visita a la oficina", "la sesión técnica",
    ],
    "montaje": [
        "el entorno de prueba", "los usuarios", "la integración con el banco", "el acceso",
        "la cuenta de prueba", "el conector",
    ],
    "datos": [
        "el listado de proveedores", "la exportación de clientes", "los ficheros",
        "el histórico", "las facturas de prueba",
    ],
    "lugar": ["la carpeta compartida", "el portal", "el drive", "la plataforma"],
    "analisis": ["el ahorro estimado", "el retorno", "los números del piloto", "el coste total"],
    "nombre": [
        "Marta", "Jorge", "Elena", "Raúl", "Paula", "Iker", "Sonia", "Diego", "Irene", "Óscar",
        "Lorena", "Pablo", "Ainhoa", "Tomás",
    ],
    "tercero": [
        "el director financiero", "el comité", "mi jefe", "el socio", "los usuarios",
        "Hacienda", "el auditor", "el cliente", "el consejo", "los comerciales", "ella", "él",
        "la gerente", "el banco", "los de compras",
    ],
    "reaccion": [
        "pedir un descuento", "querer ver números", "preguntar por la seguridad",
        "quejarse del precio", "tardar en decidir", "poner pegas al contrato",
        "comparar con la competencia", "pedir referencias", "querer más tiempo",
        "estar de vacaciones esa semana", "preguntar lo mismo", "dudar de la migración",
        "pedirlo por escrito", "aprobarlo sin problema",
    ],
    "razon": [
        "se retrasó", "cambió el presupuesto", "no nos dio tiempo", "jurídico lo paró",
        "al final no hizo falta",
    ],
    "cond": [
        "firmáis este mes", "el comité lo aprueba", "tuviéramos más presupuesto",
        "el piloto sale bien", "jurídico da el visto bueno", "bajáis el precio",
    ],
    "cond3": [
        "tengamos el contrato firmado", "me confirme jurídico", "tenga los datos",
        "me paséis el listado", "llegue el pedido", "finanzas dé el visto bueno",
    ],
    "incall": [
        "os enseño la pantalla", "comparto pantalla", "te cuento cómo funciona",
        "os lo enseño ahora", "empiezo con un resumen", "os muestro el panel",
        "te explico cómo va el precio", "ahora os enseño la parte de facturas",
        "os hago una demo rápida", "repaso lo que hemos hablado", "lo apunto",
        "me lo apunto", "paso a la siguiente diapositiva", "te paso con mi compañera",
        "os leo la lista", "vuelvo a la pantalla anterior", "dejo de compartir",
        "os hago un par de preguntas", "te lo muestro en la demo",
    ],
}  # fmt: skip


def _acts(form: int) -> list[str]:
    return [f"{act[form]} {act[7]}" for act in _ACTS]


_SLOTS["inf"] = _acts(0)
_SLOTS["pres"] = _acts(1)
_SLOTS["fut"] = _acts(2)
_SLOTS["fut3"] = _acts(3)
_SLOTS["pret"] = _acts(4)
_SLOTS["pret3"] = _acts(5)
_SLOTS["ger"] = _acts(6)
_SLOTS["cond_inf"] = [f"{a[0]}íamos {a[7]}" for a in _ACTS]
_SLOTS["cada_uno"] = ["revisa", "completa", "rellena", "prepara", "manda"]
_SLOTS["entrega"] = [f"{a[1]} {a[7]}" for a in _ACTS if a[0] in ("enviar", "mandar", "pasar")]

_COMMIT = [
    "{apertura}{cl} {entrega} {fecha}.",
    "{apertura}{cl} {entrega}.",
    "{apertura}{cl} {pres} {fecha}.",
    "{apertura}voy a {inf} {tiempo}.",
    "{apertura}vamos a {inf} {tiempo}.",
    "{apertura}yo {fut} {tiempo}.",
    "{apertura}{fut} {tiempo}.",
    "{apertura}{cl} {fut} {tiempo}.",
    "{apertura}me encargo de {inf} {tiempo}.",
    "{apertura}me comprometo a {inf} {tiempo}.",
    "{apertura}quedamos en que yo {pres} {fecha}.",
    "{apertura}quedamos en que cada uno {cada_uno} {doc} {fecha}.",
    "{apertura}{nombre} {fut3} {tiempo}.",
    "{apertura}nuestro equipo {fut3} {tiempo}.",
    "{apertura}{fecha} {cl} {pres}.",
    "{apertura}lo reviso y {cl} digo algo {fecha}.",
    "{apertura}{cl} lo mando {fecha}.",
    "{apertura}{cl} lo confirmo por escrito {fecha}.",
    "{apertura}yo me ocupo de {inf} {tiempo}.",
    "{apertura}os debemos {cosa}, os la mando {fecha}.",
    "{apertura}tendréis {cosa} {fecha}.",
    "{apertura}yo {pres} {fecha} y {cl} aviso.",
    "{apertura}déjame a mí, {fut} {tiempo}.",
    "{apertura}eso lo hago yo, {cl} lo {pres} {fecha}.",
    "{apertura}cuenta con ello, {fut} {tiempo}.",
    "{apertura}yo hablo con {grupo} {fecha} y {cl} digo algo.",
    "{apertura}me apunto {inf} {tiempo}.",
    "{apertura}{nombre} se encarga de {inf} {tiempo}.",
    "{apertura}te escribo {fecha} con {cosa}.",
    "{apertura}sin falta, {cl} {pres} {fecha}.",
    "{apertura}si le parece, {cl} {pres} {fecha}.",
    "{apertura}si te parece bien, {fut} {tiempo}.",
    "{apertura}si os viene bien, {cl} llamo {fecha}.",
    "{apertura}{cl} {verbo_entrega} {adv} {cosa} {tiempo}.",
    "{apertura}{cl} {verbo_entrega} {adv} {cosa} de {extra}.",
    "{apertura}{cl} lo {verbo_entrega} {adv} {fecha}.",
    "{apertura}yo {adv} {cl} {verbo_entrega} {cosa}.",
]
_SLOTS["clo"] = ["te lo", "os lo", "se lo", "te la", "os la", "se la", "te los", "os las"]
_SLOTS["pres1"] = ["preparo", "reviso", "miro", "busco", "actualizo", "redacto", "cierro"]
_SLOTS["verbo_pret"] = ["mandé", "envié", "pasé", "reenvié", "adjunté"]
_SLOTS["verbo_entrega_tu"] = ["mandas", "envías", "pasas", "reenvías"]
_SLOTS["verbo_entrega"] = ["mando", "envío", "paso", "adjunto", "reenvío", "hago llegar"]
_SLOTS["adv"] = ["también", "ahora", "luego", "enseguida", "ya mismo", "directamente", "", ""]
_SLOTS["extra"] = [
    "una empresa de logística",
    "un cliente parecido",
    "otro hospital",
    "una cadena de tiendas",
    "un despacho de abogados",
    "la feria",
    "la reunión anterior",
]

_PAST = [
    "{apertura}ya {cl} {pret}.",
    "{apertura}{cl} {pret} {pasado}.",
    "{apertura}{pasado} {pret}.",
    "{apertura}{nombre} {pret3} {pasado}.",
    "{apertura}teníamos pensado {inf}, pero {razon}.",
    "{apertura}iba a {inf}, pero {razon}.",
    "{apertura}ya lo {pret} {pasado}.",
    "{apertura}eso ya está, {cl} {pret} {pasado}.",
    "{apertura}la última vez {pret}.",
    "{apertura}hace tiempo {pret3} {nombre}.",
    "{apertura}el año pasado ya {pret} para otro cliente.",
    "{apertura}cuando hablamos {pasado} ya {pret}.",
    "{apertura}jurídico {pret3} {pasado}, creo.",
    "{apertura}ya {cl} {pret} también {pasado}.",
    "{apertura}{pasado} {cl} mandé también {cosa} de {extra}.",
]

_HYPOTHETICAL = [
    "{apertura}podríamos {inf} {tiempo}.",
    "{apertura}si {cond}, {cond_inf}.",
    "{apertura}tendríamos que {inf}.",
    "{apertura}habría que {inf} en algún momento.",
    "{apertura}lo ideal sería {inf}.",
    "{apertura}en teoría se podría {inf}.",
    "{apertura}deberíamos {inf} en algún momento.",
    "{apertura}si fuera por mí, {cond_inf}.",
    "{apertura}{nombre} podría {inf}.",
    "{apertura}con vuestro sistema actual tendríais que {inf} igualmente.",
    "{apertura}una opción sería {inf}.",
    "{apertura}quizás más adelante podamos {inf}.",
    "{apertura}podríamos también {inf}.",
    "{apertura}también se podría mandar {cosa} de {extra}.",
]

_CONDITIONAL = [
    "{apertura}si queréis, podría {inf}.",
    "{apertura}si os interesa, {cl} {pres}.",
    "{apertura}si me pasáis {cosa}, {fut}.",
    "{apertura}en cuanto {cond3}, {fut}.",
    "{apertura}siempre que {cond3}, {fut} {tiempo}.",
    "{apertura}si hace falta, {fut}.",
    "{apertura}intentaré {inf}, pero no prometo nada.",
    "{apertura}igual {cl} {pres} {tiempo}.",
    "{apertura}a lo mejor {fut}.",
    "{apertura}si hay algún problema, {cl} llamo.",
    "{apertura}si tengo un hueco, {cl} {pres}.",
    "{apertura}lo podría {inf} si queréis.",
    "{apertura}si os sirve, podemos {inf}.",
]

_NEGATED = [
    "{apertura}no voy a {inf} {tiempo}.",
    "{apertura}no {cl} {pres} hasta que {cond3}.",
    "{apertura}no podemos {inf}.",
    "{apertura}no vamos a {inf}.",
    "{apertura}todavía no puedo {inf}.",
    "{apertura}{nombre} no va a {inf}.",
    "{apertura}no {fut} sin el visto bueno de {grupo}.",
    "{apertura}no te voy a mandar nada {tiempo}.",
    "{apertura}no hace falta {inf}.",
    "{apertura}no pienso {inf}.",
    "{apertura}nadie va a {inf}.",
    "{apertura}en agosto no puedo {inf}.",
    "{apertura}de momento no vamos a {inf}.",
]

_IN_CALL = [
    "{apertura}{incall}.",
    "{apertura}ahora {incall}.",
    "{apertura}primero {incall}.",
    "{apertura}voy a {incall_inf}.",
    "{apertura}déjame que {incall_subj}.",
    "{apertura}un segundo, {incall}.",
]
_SLOTS["incall_inf"] = [
    "compartir mi pantalla",
    "enseñaros el panel",
    "contaros cómo funciona",
    "explicaros el precio",
    "empezar con un resumen",
    "repasar lo que hemos hablado",
    "hacer una demo rápida",
    "enseñaros la bandeja de facturas",
    "contarte lo que pasó",
    "leeros la lista",
    "haceros un par de preguntas",
]
_SLOTS["incall_subj"] = [
    "comparta pantalla",
    "os enseñe el informe",
    "te cuente cómo va",
    "lo busque",
    "abra el panel",
    "os lea lo que tengo apuntado",
]

_QUESTION = [
    "{apertura}¿me puedes {inf}?",
    "{apertura}¿nos podéis {inf} {tiempo}?",
    "{apertura}¿vas a {inf}?",
    "{apertura}¿quién va a {inf}?",
    "{apertura}¿cuándo podéis {inf}?",
    "{apertura}¿podrías {inf} {tiempo}?",
    "{apertura}¿te encargas tú de {inf}?",
    "{apertura}¿vamos a {inf} o no?",
    "{apertura}¿{nombre} va a {inf}?",
    "{apertura}¿ya {pret}?",
    "{apertura}¿queréis que {cl} lo mande?",
    "{apertura}¿sería posible {inf} {tiempo}?",
]

_VAGUE = [
    "{apertura}ya hablamos.",
    "{apertura}os mantenemos informados.",
    "{apertura}ya veremos.",
    "{apertura}haremos lo posible.",
    "{apertura}lo vamos a pensar.",
    "{apertura}seguimos en contacto.",
    "{apertura}ya lo vemos más adelante.",
    "{apertura}lo miramos con calma.",
    "{apertura}estamos en contacto.",
    "{apertura}lo tenemos en cuenta.",
    "{apertura}ya iremos viendo.",
    "{apertura}lo hablamos otro día.",
    "{apertura}intentaremos hacerlo.",
    "{apertura}ya nos organizaremos.",
    "{apertura}vamos viendo.",
    "{apertura}a ver qué pasa.",
    "{apertura}ya te diré algo.",
    "{apertura}lo pensaremos con calma.",
    "{apertura}habrá que ver {tema} en algún momento.",
    "{apertura}lo tendremos en mente.",
    "{apertura}ya lo iremos hablando.",
    "{apertura}veremos cómo evoluciona.",
    "{apertura}cualquier cosa me dices.",
    "{apertura}quedamos en contacto.",
    "{apertura}ya lo cerraremos.",
    "{apertura}ya encontraremos un hueco.",
]

_FORECAST = [
    "{apertura}{tercero} va a {reaccion}.",
    "{apertura}seguro que {tercero} va a {reaccion}.",
    "{apertura}{tercero} querrá ver números.",
    "{apertura}creo que {tercero} va a {reaccion}.",
    "{apertura}{tercero} debería cerrar antes de que acabe el trimestre.",
    "{apertura}{nombre} va a {reaccion}.",
    "{apertura}os va a encantar {cosa}.",
    "{apertura}eso va a llevar unas semanas.",
    "{apertura}la renovación va a ser complicada.",
    "{apertura}{tercero} seguramente va a {reaccion}.",
    "{apertura}conociéndole, {tercero} va a {reaccion}.",
]

_COMMIT += [
    "{apertura}{clo} {verbo_entrega} {tiempo}.",
    "{apertura}{clo} {verbo_entrega} {fecha}.",
    "{apertura}sin problema, lo {pres1} y {clo} {verbo_entrega}.",
    "{apertura}ahora mismo {clo} {verbo_entrega}.",
    "{apertura}{adv} {cl} {verbo_entrega} {cosa}.",
    "{apertura}lo {pres1} {fecha}.",
    "{apertura}{fecha} {clo} {verbo_entrega}.",
]
_PAST += ["{apertura}ya {clo} {verbo_pret}.", "{apertura}{clo} {verbo_pret} {pasado}."]
_NEGATED += [
    "{apertura}no {clo} {verbo_entrega} {tiempo}.",
    "{apertura}todavía no {clo} puedo mandar.",
]
_HYPOTHETICAL += ["{apertura}{clo} podríamos mandar {tiempo}."]
_QUESTION += ["{apertura}¿{clo} {verbo_entrega_tu} {tiempo}?"]

# El orden del día de la propia sesión ("Hoy vamos a ver X, Y y Z"): se hace en la llamada.
_IN_CALL += [
    "{apertura}hoy vamos a {agenda}.",
    "{apertura}en esta sesión vamos a {agenda}.",
    "{apertura}esta mañana os voy a {agenda_os}.",
    "{apertura}en la próxima hora vamos a {agenda}.",
    "{apertura}primero vamos a {agenda} y luego vamos a {agenda}.",
    "{apertura}en la formación de hoy vamos a {agenda}.",
    "{apertura}después de la pausa veremos {funciones}.",
]
_SLOTS["agenda"] = [
    "ver {funciones}", "repasar {funciones}", "hablar de {funciones}", "empezar por {funciones}",
    "practicar con {funciones}", "recorrer {funciones}", "dedicar unos minutos a {funciones}",
]  # fmt: skip
_SLOTS["agenda_os"] = ["enseñar {funciones}", "explicar {funciones}", "mostrar {funciones}"]
_SLOTS["funciones"] = [
    "los roles, las aprobaciones y los informes", "la bandeja, las etiquetas y las reglas",
    "los paneles, las alertas y las exportaciones", "las reservas y los recordatorios",
    "los permisos y el registro de cambios", "la app móvil y el modo sin conexión",
    "las facturas, los abonos y la conciliación", "las rutas, las paradas y la app del chófer",
]  # fmt: skip
# Los planes de la propia empresa o de terceros ("Vamos a abrir en Perú el año que viene"):
# noticias de la empresa, no un paso acordado en la reunión.
_FORECAST += [
    "{apertura}vamos a {plan} {mas_tarde}.",
    "{apertura}tenemos pensado {plan} {mas_tarde}.",
    "{apertura}la empresa va a {plan} {mas_tarde}.",
    "{apertura}la idea es {plan} {mas_tarde}.",
    "{apertura}seguramente vamos a {plan} {mas_tarde}.",
    "{apertura}{tercero} tiene pensado {plan} {mas_tarde}.",
    "{apertura}el equipo de producto va a lanzar {novedad} {mas_tarde}.",
    # el producto propio: una versión, no un paso de este trato
    "{apertura}nosotros vamos a lanzar {novedad} {mas_tarde}.",
    "{apertura}vamos a sacar {novedad} {mas_tarde}.",
    "{apertura}nuestros desarrolladores van a publicar {novedad} {mas_tarde}.",
    # la rutina de un equipo, dicha como contexto
    "{apertura}nuestro equipo de finanzas va a cerrar el trimestre el viernes, así que {ocupados}.",
    "{apertura}el almacén va a hacer inventario la semana que viene, así que {ocupados}.",
    "{apertura}los contables van a cerrar el año {mas_tarde}, así que {ocupados}.",
]
_SLOTS["ocupados"] = ["vamos a tope", "no hay tiempo para nada", "es mala semana", "andamos liados"]
_SLOTS["plan"] = [
    "lanzar en {mercado}", "expandirnos a {mercado}", "abrir un segundo almacén",
    "mudarnos a una oficina más grande", "contratar a veinte repartidores más",
    "abrir tres clínicas nuevas", "entrar en el mercado de {mercado}",
    "duplicar el equipo comercial", "cerrar la planta antigua",
    "abrir la primera tienda en {mercado}", "fusionar las dos divisiones",
    "cambiar los lectores de las tiendas antiguas", "empezar a vender al por mayor",
]  # fmt: skip
_SLOTS["mercado"] = ["México", "Perú", "Chile", "Portugal", "Colombia", "Estados Unidos"]
_SLOTS["mas_tarde"] = [
    "en otoño", "el año que viene", "en primavera", "a principios del año que viene",
    "en el segundo semestre", "el próximo verano", "en algún momento del año que viene",
]  # fmt: skip
_SLOTS["novedad"] = [
    "una app para Teams", "un modo sin conexión", "un módulo de informes nuevo",
    "la versión nueva", "la actualización de la app", "el portal de clientes",
]  # fmt: skip

ES_HAND = {
    "commit": [
        "Te mando la propuesta el lunes.",
        "Yo me encargo de la convocatoria.",
        "Mañana sin falta os paso el contacto del técnico.",
        "Lo de la factura electrónica os lo confirmo mañana por escrito.",
        "Cuenta con ello, el viernes lo tienes.",
        "Quedamos en que cada uno revisa sus cuentas antes del jueves.",
        "vale te lo mando esta tarde",
        "pues yo hablo con el jefe y te digo algo el lunes",
    ],
    "in_call": ["¿Se ve bien la pantalla?", "Ahora os lo muestro.", "Pasamos al precio."],
    "vague": ["Ya veremos.", "Seguimos hablando.", "Lo vamos a pensar."],
    "negated": ["No pienso insistirle más.", "Eso no lo vamos a hacer."],
    "forecast": ["El gerente va a pedir otra rebaja.", "Hacienda lo va a exigir en enero."],
}

ES_TEMPLATES = (
    {
        "commit": _COMMIT,
        "past": _PAST,
        "hypothetical": _HYPOTHETICAL,
        "conditional": _CONDITIONAL,
        "negated": _NEGATED,
        "in_call": _IN_CALL,
        "question": _QUESTION,
        "vague": _VAGUE,
        "forecast": _FORECAST,
    },
    _SLOTS,
    ES_HAND,
)
