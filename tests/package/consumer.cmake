# CTest `package_consumer`: installs the build into a fresh prefix, builds examples/consumer against
# it with find_package(footfall CONFIG), runs it and checks its trajectory hash against the
# installed CLI's for the same scenario, frames and seed; with footfall::render, draws a frame.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=... -P consumer.cmake
set(scenario ${SOURCE_DIR}/data/scenarios/intersection.yaml)
set(frames 90)
set(seed 3)
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})

function(run_checked)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run_checked(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
run_checked(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/consumer -B ${WORK_DIR}/consumer -G ${GENERATOR}
            -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run_checked(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)

run_checked(${WORK_DIR}/consumer/consumer ${scenario} ${frames} ${seed})
message(STATUS "consumer:\n${out}")
if(NOT out MATCHES "trajectory_hash ([0-9a-f]+)")
  message(FATAL_ERROR "the consumer printed no trajectory hash")
endif()
set(consumer_hash ${CMAKE_MATCH_1})
if(NOT out MATCHES "-> ")
  message(FATAL_ERROR "the consumer changed no parameter")
endif()

run_checked(${prefix}/bin/footfall run ${scenario} --headless --quiet --frames ${frames} --seed ${seed}
            --summary ${WORK_DIR}/summary.json)
file(READ ${WORK_DIR}/summary.json summary)
string(JSON cli_hash GET "${summary}" trajectory_hash)
if(NOT consumer_hash STREQUAL cli_hash)
  message(FATAL_ERROR "trajectory hash: consumer ${consumer_hash}, CLI ${cli_hash}")
endif()
message(STATUS "consumer and CLI agree: ${cli_hash}")

# footfall::render, when the package has it: an image of a frame, not blank.
if(EXISTS ${WORK_DIR}/consumer/consumer_render)
  set(ENV{LP_NUM_THREADS} 1)
  run_checked(${WORK_DIR}/consumer/consumer_render ${scenario} ${WORK_DIR}/frame.ppm)
  message(STATUS "consumer_render: ${out}")
  if(NOT out MATCHES "320x180, mean ([0-9]+)" OR CMAKE_MATCH_1 LESS 10)
    message(FATAL_ERROR "consumer_render drew no image: ${out}")
  endif()
endif()
