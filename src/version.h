#pragma once
#define SPARRING_VERSION "0.1"
